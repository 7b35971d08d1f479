import PhotiCaseFileSystem

/// The codec layer's file access: the FileSystem target's one reader and
/// atomic writer, with failures as `CodecError` so decode and I/O errors
/// read alike (`front.jpg: permission denied`).
public enum FileIO {
    /// Reads a whole regular file, refusing directories, FIFOs, devices and
    /// files larger than `limit` before reading a byte.
    public static func read(_ path: String, limit: Int) throws(CodecError) -> [UInt8] {
        do throws(FileSystemError) {
            return try FileSystem.readFile(path, limit: limit)
        } catch {
            throw CodecError(error)
        }
    }

    /// Writes `bytes` to `path` so that no reader ever sees a partial file
    /// (temporary file in the same folder, flushed, renamed). Refuses an
    /// existing `path` that is not a regular file, or is one of `inputs`;
    /// a file replaced keeps its mode (see `FileSystem.writeAtomically`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true,
                                       protecting inputs: InputFiles = InputFiles()) throws(CodecError) {
        do throws(FileSystemError) {
            try FileSystem.writeAtomically(bytes, to: path, durable: durable, protecting: inputs)
        } catch {
            throw CodecError(error)
        }
    }
}

extension CodecError {
    /// The codec error for a file-system failure (the path is added by
    /// `ImageFileError`).
    public init(_ error: FileSystemError) {
        if case let .tooLarge(size, limit) = error.problem {
            self = .fileTooLarge(bytes: size, limit: limit)
        } else {
            self = .io(error.problem)
        }
    }
}
