#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a write replaced the destination.
public enum WriteOutcome: Sendable, Equatable {
    /// The destination already held these bytes and was not touched (its mtime is unchanged).
    case unchanged
    case written
}

/// A failed write; the destination is intact and no temporary file is left behind.
public struct FileWriteError: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
    /// The destination is a directory (`O02`) rather than an I/O failure (`O01`).
    public var destinationIsDirectory: Bool

    /// `O02` when the destination is a directory, else `O01` (exit 74).
    public var diagnostic: Diagnostic {
        destinationIsDirectory
            ? .error("O02", "output path '\(path)' is a directory")
            : .error("O01", "cannot write '\(path)': \(reason)")
    }
}

/// Writes files the way `build-integration.md` §4.3 requires: create missing parent directories, write
/// `.<name>.<pid>.tmp` beside the destination, rename it over the destination. Readers see the complete
/// old or the complete new file, never a partial one.
public enum AtomicFileWriter {
    /// Writes `bytes` to `path`. With `onlyIfChanged`, a destination that already holds exactly these bytes
    /// is left alone. With `touchAfterReplace`, a replaced destination gets the current time as its mtime
    /// (§4.4: the rename has just updated the directory, which may be one of the file's inputs).
    @discardableResult
    public static func write(
        _ bytes: [UInt8], to path: String, onlyIfChanged: Bool = true, touchAfterReplace: Bool = false
    ) throws(FileWriteError) -> WriteOutcome {
        if let existing = FileStatus.ifExists(path: path) {
            if existing.isDirectory {
                throw FileWriteError(path: path, reason: "is a directory", destinationIsDirectory: true)
            }
            if onlyIfChanged && existing.size == UInt64(bytes.count),
                (try? FileContents.contents(of: path).get()) == bytes
            {
                return .unchanged
            }
        }
        try replace(path) { file throws(FileSystemError) in try file.write(bytes[...]) }
        if touchAfterReplace { _ = utimensat(AT_FDCWD, path, nil, 0) }
        return .written
    }

    /// Writes the concatenation of `pieces` to `path`, unconditionally, through a fixed-size buffer: a file
    /// of many megabytes made of many small pieces (the cache) is never assembled in memory.
    public static func write(pieces: [ArraySlice<UInt8>], to path: String) throws(FileWriteError) {
        if FileStatus.ifExists(path: path)?.isDirectory == true {
            throw FileWriteError(path: path, reason: "is a directory", destinationIsDirectory: true)
        }
        try replace(path) { file throws(FileSystemError) in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(Self.bufferSize)
            for piece in pieces {
                if buffer.count + piece.count > Self.bufferSize {
                    try file.write(buffer[...])
                    buffer.removeAll(keepingCapacity: true)
                }
                if piece.count >= Self.bufferSize { try file.write(piece) } else { buffer.append(contentsOf: piece) }
            }
            try file.write(buffer[...])
        }
    }

    private static let bufferSize = 1 << 20

    /// Writes a hidden temporary file beside `path` with `content`, then renames it over `path`; on failure
    /// the temporary file is removed and `path` is intact.
    private static func replace(
        _ path: String, content: (TemporaryFile) throws(FileSystemError) -> Void
    ) throws(FileWriteError) {
        do throws(FileSystemError) {
            let directory = DisplayPath.directory(of: path)
            try createDirectories(directory)
            let temporary = try TemporaryFile(directory: directory, name: DisplayPath.lastComponent(of: path))
            do throws(FileSystemError) {
                try content(temporary)
                try temporary.close()
                guard rename(temporary.path, path) == 0 else { throw FileSystemError(path: path, code: errno) }
            } catch {
                temporary.discard()
                throw error
            }
        } catch {
            throw FileWriteError(path: path, reason: error.reason, destinationIsDirectory: false)
        }
    }

    /// `mkdir -p`, lexically: each missing prefix of `directory` is created in turn.
    static func createDirectories(_ directory: String) throws(FileSystemError) {
        if directory == "." || directory == "/" || FileStatus.ifExists(path: directory)?.isDirectory == true { return }
        try createDirectories(DisplayPath.directory(of: directory))
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw FileSystemError(path: directory, code: errno)
        }
    }
}

/// A hidden temporary file in the destination's directory, created exclusively so that two writers (other
/// processes, or threads of this one) never share one.
private final class TemporaryFile {
    let path: String
    private var descriptor: Int32

    init(directory: String, name: String) throws(FileSystemError) {
        let stem = (directory == "." ? "" : directory + "/") + ".\(name).\(getpid())"
        var attempt = 0
        while true {
            let candidate = attempt == 0 ? "\(stem).tmp" : "\(stem).\(attempt).tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                self.path = candidate
                self.descriptor = descriptor
                return
            }
            guard errno == EEXIST, attempt < 1000 else { throw FileSystemError(path: candidate, code: errno) }
            attempt += 1
        }
    }

    func write(_ bytes: ArraySlice<UInt8>) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, code: errno)
            }
            written += count
        }
    }

    func close() throws(FileSystemError) {
        let result = systemClose(descriptor)
        descriptor = -1
        guard result == 0 else { throw FileSystemError(path: path, code: errno) }
    }

    /// Closes (if still open) and removes the file.
    func discard() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        unlink(path)
    }
}
