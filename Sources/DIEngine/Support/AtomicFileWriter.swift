#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a write replaced the destination.
enum WriteOutcome: Sendable, Equatable {
    /// The destination already held these bytes and was not touched (its mtime is unchanged).
    case unchanged
    case written
}

extension FileSystemError {
    /// A failed write of an output set: `O02` when the destination is a directory, device, FIFO or socket,
    /// else `O01`; both exit 74. Every destination is intact and no temporary file is left behind.
    var writeFailureDiagnostic: Diagnostic {
        switch destinationKind {
        case .directory?: Diagnostic(.outputIsDirectory, path)
        case let kind?: Diagnostic(.outputNotRegularFile, path, kind.rawValue)
        case nil: Diagnostic(.cannotWrite, path, reason)
        }
    }
}

/// One file of an output set.
struct OutputFile: Sendable, Equatable {
    var path: String
    /// A slice, so that bytes read as part of something larger (a replayed depfile) are written uncopied.
    var bytes: ArraySlice<UInt8>
    /// Leave a destination that already holds exactly these bytes alone (its mtime unchanged). Otherwise
    /// the destination always ends with these bytes and a fresh mtime: one that already holds them (a
    /// regular file of one link, this user's) only has its mtime set, which is all a replacement would
    /// change, without writing a copy and renaming it over the file (the rename alone took 0.6–0.8 ms for
    /// the real-code bench's 340 KB depfile, which every build writes, a no-op's replay included).
    var onlyIfChanged: Bool
    /// Give a replaced destination the current time as its mtime (the rename has just updated the
    /// directory, which may be one of the file's inputs).
    var touchAfterReplace: Bool

    init(path: String, bytes: ArraySlice<UInt8>, onlyIfChanged: Bool = true, touchAfterReplace: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.onlyIfChanged = onlyIfChanged
        self.touchAfterReplace = touchAfterReplace
    }

    init(path: String, bytes: [UInt8], onlyIfChanged: Bool = true, touchAfterReplace: Bool = false) {
        self.init(path: path, bytes: bytes[...], onlyIfChanged: onlyIfChanged, touchAfterReplace: touchAfterReplace)
    }
}

/// Writes files the way a build system needs them (`docs/build-integration.md`): create missing parent
/// directories, write `.<name>.<pid>.tmp` beside the destination, rename it over the destination. Readers
/// see the complete old or the complete new file, never a partial one. Outputs are only ever regular files: a destination
/// that is a directory, a device, a FIFO or a socket is refused and left as it is.
enum AtomicFileWriter {
    /// Writes `bytes` to `path`. With `onlyIfChanged`, a destination that already holds exactly these bytes
    /// is left alone. With `touchAfterReplace`, a replaced destination gets the current time as its mtime.
    @discardableResult
    static func write(
        _ bytes: [UInt8], to path: String, onlyIfChanged: Bool = true, touchAfterReplace: Bool = false
    ) throws(FileSystemError) -> WriteOutcome {
        try write(bytes[...], to: path, onlyIfChanged: onlyIfChanged, touchAfterReplace: touchAfterReplace)
    }

    @discardableResult
    static func write(
        _ bytes: ArraySlice<UInt8>, to path: String, onlyIfChanged: Bool = true, touchAfterReplace: Bool = false
    ) throws(FileSystemError) -> WriteOutcome {
        try write(
            [OutputFile(path: path, bytes: bytes, onlyIfChanged: onlyIfChanged, touchAfterReplace: touchAfterReplace)]
        )[0]
    }

    /// Writes a set of files all or nothing: every destination is checked and every temporary file written
    /// first; only then are they renamed into place, in the given order. A failure before the renames
    /// removes the temporaries and leaves every destination as it was. (A rename itself failing, which
    /// takes a destination changed in that instant, can leave the set partly replaced.)
    @discardableResult
    static func write(_ files: [OutputFile]) throws(FileSystemError) -> [WriteOutcome] {
        var outcomes: [WriteOutcome] = []
        // A file without a temporary already holds its bytes and only gets a fresh mtime, in its turn.
        var staged: [(file: OutputFile, temporary: TemporaryFile?)] = []
        do throws(FileSystemError) {
            for file in files {
                let action = try action(for: file)
                outcomes.append(action == .keep ? .unchanged : .written)
                switch action {
                case .keep: continue
                case .touch: staged.append((file, nil))
                case .replace:
                    let temporary = try stage(file.path) { temporary throws(FileSystemError) in
                        try temporary.write(file.bytes)
                    }
                    staged.append((file, temporary))
                }
            }
        } catch {
            for entry in staged { entry.temporary?.discard() }
            throw error
        }
        for (index, entry) in staged.enumerated() {
            let done =
                if let temporary = entry.temporary {
                    rename(temporary.path, entry.file.path) == 0
                } else {
                    utimensat(AT_FDCWD, entry.file.path, nil, AT_SYMLINK_NOFOLLOW) == 0
                }
            guard done else {
                let failure = FileSystemError(path: entry.file.path, code: errno)
                for rest in staged[index...] { rest.temporary?.discard() }
                throw FileSystemError(path: entry.file.path, reason: failure.reason)
            }
            if entry.temporary != nil && entry.file.touchAfterReplace {
                _ = utimensat(AT_FDCWD, entry.file.path, nil, 0)
            }
        }
        return outcomes
    }

    /// Writes the concatenation of `pieces` to `path`, unconditionally, through a fixed-size buffer: a file
    /// of many megabytes made of many small pieces (the cache) is never assembled in memory. A large piece
    /// (the table image's kept entries) is written as it is, not copied into the buffer's fresh pages.
    static func write(pieces: [ArraySlice<UInt8>], to path: String) throws(FileSystemError) {
        try checkDestination(path)
        let temporary = try stage(path) { file throws(FileSystemError) in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(Self.bufferSize)
            for piece in pieces {
                if buffer.count + piece.count > Self.bufferSize || (piece.count >= Self.directSize && !buffer.isEmpty) {
                    try file.write(buffer[...])
                    buffer.removeAll(keepingCapacity: true)
                }
                if piece.count >= Self.directSize { try file.write(piece) } else { buffer.append(contentsOf: piece) }
            }
            try file.write(buffer[...])
        }
        guard rename(temporary.path, path) == 0 else {
            let failure = FileSystemError(path: path, code: errno)
            temporary.discard()
            throw FileSystemError(path: path, reason: failure.reason)
        }
    }

    private static let bufferSize = 1 << 20
    /// Pieces at least this large are written without the buffer.
    private static let directSize = 64 << 10

    /// What a set does with one of its files.
    private enum Action {
        /// Left as it is: it holds the bytes, and `onlyIfChanged` keeps its mtime.
        case keep
        /// It holds the bytes: only its mtime is set (`OutputFile.onlyIfChanged`).
        case touch
        /// Written beside the destination and renamed over it.
        case replace
    }

    /// Throws for a destination that is not a regular file (links followed: a link to `/dev/null` is a
    /// device).
    private static func action(for file: OutputFile) throws(FileSystemError) -> Action {
        guard let existing = try checkDestination(file.path), existing.size == UInt64(file.bytes.count) else {
            return .replace
        }
        if file.onlyIfChanged { return holds(file.bytes, at: file.path) ? .keep : .replace }
        return isLoneOwnFile(file.path) && holds(file.bytes, at: file.path) ? .touch : .replace
    }

    /// Whether `path` itself (not a link to it) is a regular file of one link, owned by this user: setting
    /// its mtime then changes what replacing it with the same bytes would, and its owner may always set it.
    private static func isLoneOwnFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
            && info.st_uid == geteuid()
    }

    /// Whether the file at `path` holds exactly `bytes`; compared a chunk at a time, not read whole into
    /// fresh memory. False when it cannot be read.
    static func holds(_ bytes: ArraySlice<UInt8>, at path: String) -> Bool {
        guard let file = try? OpenFile(path: path) else { return false }
        defer { file.close() }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var compared = bytes.startIndex
        while true {
            guard let count = try? file.read(into: chunk) else { return false }
            if count == 0 { return compared == bytes.endIndex }
            guard count <= bytes.endIndex - compared else { return false }
            let equal = bytes[compared..<compared + count].withUnsafeBytes { expected in
                memcmp(expected.baseAddress!, chunk.baseAddress!, count) == 0
            }
            guard equal else { return false }
            compared += count
        }
    }

    /// The destination's status if it exists; an error if it is not a regular file.
    @discardableResult
    static func checkDestination(_ path: String) throws(FileSystemError) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if let kind = FileKind.nonRegular(info.st_mode) {
            throw FileSystemError(path: path, reason: kind.rawValue, destinationKind: kind)
        }
        return FileStatus(info)
    }

    /// A closed temporary file beside `path` holding `content`; on failure nothing is left behind.
    private static func stage(
        _ path: String, content: (TemporaryFile) throws(FileSystemError) -> Void
    ) throws(FileSystemError) -> TemporaryFile {
        do throws(FileSystemError) {
            let directory = DisplayPath.directory(of: path)
            try createDirectories(directory)
            let temporary = try TemporaryFile(directory: directory, name: DisplayPath.lastComponent(of: path))
            do throws(FileSystemError) {
                try content(temporary)
                try temporary.close()
            } catch {
                temporary.discard()
                throw error
            }
            return temporary
        } catch {
            throw FileSystemError(path: path, reason: error.reason)
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
