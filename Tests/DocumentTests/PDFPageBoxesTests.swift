import Testing
@testable import PhotiCaseDocument

/// The box arithmetic and the numbers' formatting, without qpdf.
struct PDFPageBoxesTests {
    @Test(arguments: [(8.64, "8.640"), (0, "0.000"), (-0.0004, "0.000"), (-1.5, "-1.500"), (603.36, "603.360"),
                      (0.0005, "0.001"), (419.527559, "419.528"), (12, "12.000")])
    func numbersHaveThreeDecimals(value: Double, text: String) {
        #expect(PDFPageBoxes.fixed3(value) == text)
    }

    @Test func theTrimBoxIsTheMediaBoxInsetByTheBleed() throws {
        let boxes = PDFPageBoxes(bleed: 36)  // 0.12 in, 8.64 pt
        let trim = try #require(boxes.trimBox(media: [0, 0, 432, 612]))
        #expect(PDFPageBoxes.array(trim) == "[8.640 8.640 423.360 603.360]")
        #expect(PDFPageBoxes(bleed: 0).trimBox(media: [0, 0, 432, 612]) == [0, 0, 432, 612])
    }

    @Test func aBleedEatingThePageGivesNoTrimBox() {
        #expect(PDFPageBoxes(bleed: 900).trimBox(media: [0, 0, 432, 612]) == nil)
        #expect(PDFPageBoxes(bleed: 10).trimBox(media: [0, 0, 432]) == nil)
    }
}
