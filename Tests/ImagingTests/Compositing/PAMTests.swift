import Foundation
import Testing

@Suite struct PAMTests {
    @Test func roundTrips() throws {
        let rgba = PAM.Image.rgba(width: 2, height: 1, pixels: [1, 2, 3, 4, 250, 251, 252, 253])
        #expect(try PAM.decode(PAM.encode(rgba)) == rgba)
        let gray = PAM.Image.gray(width: 3, height: 2, pixels: [0, 10, 20, 30, 40, 255])
        #expect(try PAM.decode(PAM.encode(gray)) == gray)
    }

    @Test func rejectsTruncatedData() {
        let data = PAM.encode(.gray(width: 3, height: 2, pixels: [0, 10, 20, 30, 40, 255])).dropLast()
        #expect(throws: PAM.ReadError.self) { try PAM.decode(Data(data)) }
    }
}
