/// The ticket book's paged views in reading order (the timeline is by year).
public enum BookPageView: String, Sendable, Hashable, CaseIterable {
    case gallery, list
}

