/// What `stat` says about a file, reduced to what photicase-render uses.
public struct FileStatus: Sendable, Hashable {
    public var kind: FileKind
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var mtimeNanoseconds: Int64
    /// The file's identity: two paths name one file when these are equal.
    public var identity: FileIdentity
    /// Status change time in nanoseconds since the epoch: moved on by every
    /// write and by no user's request (`touch -d` and `cp -p` set the
    /// mtime back, not this), so a stamp that holds it sees those edits.
    public var ctimeNanoseconds: Int64
    /// The mode's permission bits (`0o644`), when read from the disk.
    public var permissions: UInt32?
    /// The owning user and group, when read from the disk.
    public var owner: FileOwner?

    public init(kind: FileKind, size: Int64, mtimeNanoseconds: Int64, identity: FileIdentity,
                ctimeNanoseconds: Int64 = 0) {
        self.kind = kind
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
        self.identity = identity
        self.ctimeNanoseconds = ctimeNanoseconds
    }
}

/// A file's owning user and group ids.
public struct FileOwner: Sendable, Hashable {
    public var user: UInt32
    public var group: UInt32

    public init(user: UInt32, group: UInt32) {
        self.user = user
        self.group = group
    }
}

/// Device and inode: the only reliable answer to "are these the same
/// file?" (strings are not: `a/../b`, links, bind mounts).
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// One name in a folder listing.
public struct DirectoryEntry: Sendable, Hashable {
    /// The name as text; bytes that are not UTF-8 show as U+FFFD, and
    /// such a name (`nameIsUTF8` false) opens nothing when joined to a path.
    public var name: String
    /// As `lstat` sees it: a symbolic link is `.symbolicLink`, never its target.
    public var kind: FileKind
    /// False when the name's bytes are not valid UTF-8.
    public var nameIsUTF8 = true
}
