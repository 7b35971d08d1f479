import PhotiCaseDiary

/// One entry's ticket images: the front and back faces and the shareable
/// ticket composed of the two (drawn once, each face reused).
public struct TicketInput: Sendable, Hashable, LayoutInput {
    public var front: FrontFaceInput
    public var back: BackFaceInput
    /// Pixels per card point: 1, 2 or 3.
    public var scale: Int

    public init(front: FrontFaceInput, back: BackFaceInput, scale: Int) {
        self.front = front
        self.back = back
        self.scale = scale
    }

    /// The ticket of `entry`, its photos' content hashes given.
    public init(_ entry: Entry, frontDigest: String = "", backDigest: String = "", scale: Int) {
        self.init(front: FrontFaceInput(entry, digest: frontDigest), back: BackFaceInput(entry, digest: backDigest),
                  scale: scale)
    }

    public func write(to key: inout LayoutKey) {
        key.add("ticket")
        key.add(scale)
        key.add(front)
        key.add(back)
    }
}
