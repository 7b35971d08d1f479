import PhotiCaseFileSystem

/// What a later run compares to tell that an entry.json is the file it
/// read before without reading it: size, inode, mtime and ctime. The
/// ctime is the part no one can set back (`touch -d`, `cp -p` and
/// `rsync -t` restore an mtime; every write moves the ctime on), so an
/// edit that keeps the size and the mtime is still seen.
struct FileStamp: Sendable, Hashable {
    var size: Int64
    var inode: UInt64
    var mtimeNanoseconds: Int64
    var ctimeNanoseconds: Int64

    /// The stamp of a regular file; nil for anything else.
    init?(_ status: FileStatus) {
        guard status.kind == .regular else { return nil }
        size = status.size
        inode = status.identity.inode
        mtimeNanoseconds = status.mtimeNanoseconds
        ctimeNanoseconds = status.ctimeNanoseconds
    }

    init(size: Int64, inode: UInt64, mtimeNanoseconds: Int64, ctimeNanoseconds: Int64) {
        self.size = size
        self.inode = inode
        self.mtimeNanoseconds = mtimeNanoseconds
        self.ctimeNanoseconds = ctimeNanoseconds
    }

    /// Whether a stamp taken at `now` (nanoseconds since the epoch) can
    /// stand for the file's content next time: the file last changed more
    /// than `window` before. A file changed just now may be written again
    /// within the same tick of the file system's clock (kernel timestamps
    /// advance by a jiffy, not a nanosecond) with the same size, and its
    /// stamp would not move. Such a stamp is not kept, and the next run
    /// reads the file (git calls this "racily clean").
    func isSettled(at now: Int64, window: Int64) -> Bool {
        max(mtimeNanoseconds, ctimeNanoseconds) < now - window
    }
}
