import PhotiCaseRaster

/// Where the print book's photos go on a page of `geometry`, in the card's
/// shape (the shape the user edited the photo in: its crop is kept).
struct PrintLayout {
    let geometry: PrintGeometry
    /// Width over height of a card (5:8 by default).
    let aspect: Double

    init(_ geometry: PrintGeometry, card: Size) {
        self.geometry = geometry
        aspect = card.width / card.height
    }

    /// The lowest y text may reach: the folio's line is below.
    var bottom: Double { geometry.safe.maxY - PrintGeometry.units(points: 8) * 2.2 }

    /// The cover's photo: 56% of the trim's width, from the top of the safe area.
    var coverPhoto: Rect {
        // At most 70% of the safe height: the year and the title go below.
        let height = min(geometry.trim.width * 0.56 / aspect, geometry.safe.height * 0.7).rounded()
        let width = (height * aspect).rounded()
        return Rect(x: ((geometry.media.width - width) / 2).rounded(), y: geometry.safe.y, width: width, height: height)
    }

    /// A ticket's front photo: as tall as the page leaves above its text.
    var frontPhoto: Rect {
        let safe = geometry.safe
        let height = min(safe.height - PrintGeometry.units(points: 150), safe.width / aspect).rounded()
        let width = (height * aspect).rounded()
        return Rect(x: ((geometry.media.width - width) / 2).rounded(), y: safe.y, width: width, height: height)
    }

    /// A ticket's back photo: 40% of the safe width, at the left (its y is
    /// set where the back's details end).
    var backPhoto: Rect {
        let safe = geometry.safe
        // At most 40% of the safe height, under the back's details.
        let height = min(safe.width * 0.4 / aspect, safe.height * 0.4).rounded()
        return Rect(x: safe.x, y: safe.y, width: (height * aspect).rounded(), height: height)
    }
}
