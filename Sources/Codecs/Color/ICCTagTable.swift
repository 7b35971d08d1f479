/// An ICC profile's tag table, read before lcms2 sees the profile, to
/// refuse what lcms2 would spend unbounded memory and time on.
///
/// lcms2 (2.14, Debian 12) allocates and zeroes a multi-localized Unicode
/// tag's records (`mluc`, the type of every v4 description and copyright)
/// for as many as the tag's count says before it reads one: a 530-byte
/// profile whose description claims 33 million records cost 400 MB and
/// most of a second per decode (fuzz-icc found it; the input is in
/// Fuzz/regressions/icc). A count that cannot fit in the tag's own bytes
/// is damage, said as such, and the profile is not opened.
enum ICCTagTable {
    /// The header's size: the tag count follows it.
    static let headerBytes = 128
    /// A tag table entry: signature, offset, size.
    static let entryBytes = 12
    /// An `mluc` tag's bytes before its records: type, reserved, count, record size.
    static let mlucHeaderBytes = 16
    /// lcms2 reads only 12-byte records (language, country, length, offset).
    static let mlucRecordBytes = 12

    /// Why `profile` must not be handed to lcms2; nil when nothing in its
    /// tag table is out of bounds (lcms2 still checks the rest).
    static func problem(in profile: [UInt8]) -> ProfileProblem? {
        guard profile.count >= headerBytes + 4 else { return nil }  // lcms2 refuses it whole
        func word(_ i: Int) -> Int {
            Int(profile[i]) << 24 | Int(profile[i + 1]) << 16 | Int(profile[i + 2]) << 8 | Int(profile[i + 3])
        }
        // Only the entries the bytes hold: lcms2 refuses a table past them.
        let count = min(word(headerBytes), (profile.count - headerBytes - 4) / entryBytes)
        for k in 0..<count {
            let entry = headerBytes + 4 + k * entryBytes
            let offset = word(entry + 4), size = word(entry + 8)
            // What of the tag lies in the profile; lcms2 skips a tag past its end.
            guard offset <= profile.count - mlucHeaderBytes else { continue }
            let available = min(size, profile.count - offset)
            guard available >= mlucHeaderBytes, profile[offset..<(offset + 4)].elementsEqual("mluc".utf8) else { continue }
            let records = word(offset + 8)
            if records > (available - mlucHeaderBytes) / mlucRecordBytes {
                let signature = String(decoding: profile[entry..<(entry + 4)].map { (0x20..<0x7F).contains($0) ? $0 : 0x3F },
                                       as: UTF8.self)
                return .damaged("ICC tag '\(signature)' claims \(records) records in \(available) bytes")
            }
        }
        return nil
    }
}
