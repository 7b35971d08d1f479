import PhotiCaseDiary

/// A photo as a layout draws it: the file to read and its saved edit, and
/// the hash of its content. The key names the photo by its file name,
/// content and edit, not by its path: a book moved to another folder
/// draws the same pixels and keeps its keys.
public struct PhotoInput: Sendable, Hashable, LayoutInput {
    /// The file (its path is read, never keyed) and the edit.
    public var file: FacePhoto
    /// The content's hash as the pipeline recorded it ("" where no key is
    /// made, as for `share`).
    public var digest: String

    public init(_ file: FacePhoto, digest: String) {
        self.file = file
        self.digest = digest
    }

    public func write(to key: inout LayoutKey) {
        key.add(file.name)
        key.add(digest)
        key.add(file.crop?.jsonText)
    }
}
