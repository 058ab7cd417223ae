#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call on a path, the one error type of every file read and write; `reason` is the
/// `strerror` text used in diagnostics.
struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    var path: String
    var code: Int32
    var reason: String
    /// For a write: what the destination is when it is not a regular file (`O02`), else nil (`O01`).
    var destinationKind: FileKind? = nil

    init(path: String, code: Int32) {
        self.path = path
        self.code = code
        self.reason = String(cString: strerror(code))
    }

    init(path: String, reason: String, destinationKind: FileKind? = nil) {
        self.path = path
        self.code = 0
        self.reason = reason
        self.destinationKind = destinationKind
    }

    var description: String { "\(path): \(reason)" }
}

/// The stat fields the cache compares: size, modification time in nanoseconds since the epoch, inode.
struct FileStatus: Sendable, Equatable, Hashable {
    var size: UInt64
    var modificationTime: Int64
    var inode: UInt64
    var isDirectory: Bool

    init(size: UInt64, modificationTime: Int64, inode: UInt64, isDirectory: Bool = false) {
        self.size = size
        self.modificationTime = modificationTime
        self.inode = inode
        self.isDirectory = isDirectory
    }

    init(_ info: stat) {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        self.init(
            size: UInt64(max(0, info.st_size)),
            modificationTime: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec),
            inode: UInt64(info.st_ino),
            isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// `stat(2)`, following symbolic links.
    static func of(path: String) throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError(path: path, code: errno) }
        return FileStatus(info)
    }

    /// Nil when nothing exists at `path` (or it cannot be reached).
    static func ifExists(path: String) -> FileStatus? {
        try? of(path: path)
    }
}

/// Wall-clock time in nanoseconds since the epoch, comparable with `FileStatus.modificationTime`.
func currentTimeNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
}

/// A read-only file descriptor on a regular file; close it explicitly.
struct OpenFile {
    let path: String
    let descriptor: Int32

    /// The bound on any input file dibuild reads (sources, property files, configs, resolved files): far
    /// above any real one, it keeps `/dev/zero` or a runaway generated file from filling the memory.
    static let inputSizeLimit: UInt64 = 64 << 20

    /// Opens `path` (links followed) if it is a regular file of at most `sizeLimit` bytes. `O_NONBLOCK`
    /// keeps the open of a FIFO from waiting for a writer; `fstat` then refuses it, like any device,
    /// socket or directory, before a byte is read.
    init(path: String, sizeLimit: UInt64 = inputSizeLimit) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var info = stat()
        guard descriptor >= 0 else {
            var failure = FileSystemError(path: path, code: errno)
            if failure.code == ENOENT && lstat(path, &info) == 0 {
                failure.reason = "a symbolic link to a missing file"
            }
            throw failure
        }
        let problem: FileSystemError?
        if fstat(descriptor, &info) != 0 {
            problem = FileSystemError(path: path, code: errno)
        } else if let kind = FileKind.nonRegular(info.st_mode) {
            problem =
                kind == .directory
                ? FileSystemError(path: path, code: EISDIR)
                : FileSystemError(path: path, reason: "not a regular file (\(kind.rawValue))")
        } else if UInt64(max(0, info.st_size)) > sizeLimit {
            problem = FileSystemError(
                path: path, reason: "larger than \(sizeLimit >> 20) MiB, the limit for a file dibuild reads")
        } else {
            problem = nil
        }
        if let problem {
            _ = systemClose(descriptor)
            throw problem
        }
        self.path = path
        self.descriptor = descriptor
    }

    func close() {
        _ = systemClose(descriptor)
    }

    func status() throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, code: errno) }
        return FileStatus(info)
    }

    /// Reads up to `buffer.count` bytes, retrying on EINTR; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileSystemError(path: path, code: errno) }
        }
    }

    /// The whole remaining content. `expectedSize` only sizes the buffer; the file may have changed since.
    func readAll(expectedSize: UInt64) throws(FileSystemError) -> [UInt8] {
        // One spare byte, so that a file of the expected size is complete after a single buffer.
        var capacity = Int(clamping: expectedSize) + 1
        var content: [UInt8] = []
        while true {
            var failure: FileSystemError?
            // Uninitialised: the buffer is filled by `read`, so zeroing it first would only cost time.
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                    do throws(FileSystemError) {
                        let read = try read(into: rest)
                        if read == 0 { break }
                        count += read
                    } catch {
                        failure = error
                        break
                    }
                }
            }
            if let failure { throw failure }
            if content.isEmpty { content = chunk } else { content.append(contentsOf: chunk) }
            if chunk.count < capacity { return content }
            capacity *= 2
        }
    }
}

extension OpenFile {
    /// `count` bytes at `offset` (`pread`), fewer only at the end of the file.
    func read(count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        var failure: FileSystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            LargeBuffer.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            filled = 0
            while filled < count {
                let result = pread(
                    descriptor, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failure = FileSystemError(path: path, code: errno) }
                if result <= 0 { break }
                filled += result
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// A whole file, read with one allocation of its size (the cache file can be megabytes).
    static func contents(atPath path: String) throws(FileSystemError) -> [UInt8] {
        let file = try OpenFile(path: path)
        defer { file.close() }
        return try file.readAll(expectedSize: file.status().size)
    }
}

/// Fresh memory for a large read. Each 4 KiB page a read copies into costs a page fault (and the page's
/// zeroing) in the kernel, 1.5-10 us on a virtual machine: the link state and the cache's facts section are
/// 4-9 MB. Advised as huge pages, such a buffer takes a fault per 2 MiB where the kernel has them (with
/// transparent huge pages in `madvise` or `always` mode), and the pages the huge ones do not cover are
/// faulted in by one call rather than one fault each. Both are hints: the contents and results are the same.
enum LargeBuffer {
    /// Below this a buffer cannot hold an aligned huge page worth advising.
    static let hugePageThreshold = 2 << 20

    /// Advises the pages of `buffer` as huge pages and faults them in, when it is large.
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard buffer.count >= hugePageThreshold, let base = buffer.baseAddress else { return }
            let pageSize = 4096
            let start = Int(bitPattern: base) & ~(pageSize - 1)
            let end = (Int(bitPattern: base) + buffer.count + pageSize - 1) & ~(pageSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
            // MADV_POPULATE_WRITE (Linux 5.14; an older kernel refuses it and the read faults the pages in).
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, 23)
        #endif
    }
}

/// What a path is when it is not a regular file, in the words of `ls` and `stat(1)`.
enum FileKind: String, Sendable {
    case directory = "a directory"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case fifo = "a FIFO"
    case socket = "a socket"
    case symbolicLink = "a symbolic link"
    case unknown = "not a file"

    /// Nil for a regular file.
    static func nonRegular(_ mode: mode_t) -> FileKind? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFLNK: .symbolicLink
        default: .unknown
        }
    }
}

// The POSIX calls under names that the methods `close`, `read` and `write` of this module do not shadow.
func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
