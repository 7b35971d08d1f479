/// Where a path lands once its symbolic links are followed.
extension FileSystem {
    /// Why a path's landing place could not be found.
    public struct ResolveProblem: Error, Equatable {
        public var reason: String
    }

    /// The absolute path where `path` lands once every symbolic link on it
    /// is followed, like `realpath(3)`, except that parts that do not exist
    /// are taken as written: a missing photo still lands somewhere, and a
    /// dangling link lands where its target would be. Works on bytes, so a
    /// link target that is not UTF-8 is followed exactly.
    ///
    /// With `base` (a landing this function returned), a relative `path`
    /// is taken from there without looking at `base`'s components again:
    /// the photos of one entry folder cost one lookup per name part.
    public static func landingPath(of path: String, from base: [UInt8]? = nil) throws(ResolveProblem) -> [UInt8] {
        try landing(of: path, from: base).path
    }

    /// Where a path lands (`landingPath`), and whether anything is there.
    public struct Landing: Sendable, Hashable {
        public var path: [UInt8]
        /// False when a part of the path (the last one or one before it)
        /// does not exist: the landing is where it would be.
        public var exists: Bool
    }

    /// `landingPath`, telling also whether the path exists, from the same
    /// lookups (no extra system call).
    public static func landing(of path: String, from base: [UInt8]? = nil) throws(ResolveProblem) -> Landing {
        // Following more links than this is taken as a loop, as the kernel does.
        let maxLinks = 40
        let slash = UInt8(ascii: "/")
        // The usual photo name, one plain component under a landed folder:
        // one `lstat`, without taking the folder apart.
        if let base, base.first == slash, !path.isEmpty, path != ".", path != "..", !path.utf8.contains(slash) {
            var candidate = base
            if base.count > 1 { candidate.append(slash) }
            candidate.append(contentsOf: path.utf8)
            do throws(Errno) {
                if try Syscalls.linkStatus(candidate).kind != .symbolicLink { return Landing(path: candidate, exists: true) }
            } catch {
                if error.code == Syscalls.errnoNotFound || error.code == Syscalls.errnoNotDirectory {
                    return Landing(path: candidate, exists: false)
                }
                throw ResolveProblem(reason: Syscalls.problem(error.code).description)
            }
            // A link: followed below.
        }
        var landed: [ArraySlice<UInt8>] = []
        var pending: [ArraySlice<UInt8>]
        if let base, !path.hasPrefix("/") {
            landed = Array(components(of: base).reversed())
            pending = components(of: Array(path.utf8))
        } else {
            let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            pending = components(of: Array(absolute.utf8))
        }
        var links = 0
        var exists = true
        while let component = pending.popLast() {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = landed.popLast()
                continue
            }
            landed.append(component)
            var candidate = [UInt8](landed.joined(separator: [slash]))
            candidate.insert(slash, at: 0)
            let kind: FileKind
            do throws(Errno) {
                kind = try Syscalls.linkStatus(candidate).kind
            } catch {
                // Missing, or under a file: the rest is taken as written.
                guard error.code == Syscalls.errnoNotFound || error.code == Syscalls.errnoNotDirectory else {
                    throw ResolveProblem(reason: Syscalls.problem(error.code).description)
                }
                exists = false
                continue
            }
            guard kind == .symbolicLink else { continue }
            links += 1
            guard links <= maxLinks else { throw ResolveProblem(reason: "too many levels of symbolic links") }
            let target: [UInt8]
            do throws(Errno) {
                target = try Syscalls.linkTarget(candidate)
            } catch {
                throw ResolveProblem(reason: Syscalls.problem(error.code).description)
            }
            landed.removeLast()
            if target.first == slash { landed.removeAll() }
            pending.append(contentsOf: components(of: target))
        }
        return Landing(path: [slash] + landed.joined(separator: [slash]), exists: exists)
    }

    /// The non-empty components of `path`, last first (a stack to pop).
    private static func components(of path: [UInt8]) -> [ArraySlice<UInt8>] {
        path.split(separator: UInt8(ascii: "/")).reversed()
    }
}
