#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk itself, through thin POSIX wrappers: `readdir` with `d_type` avoids one `stat` per entry,
/// which keeps a walk of ten thousand files in the millisecond range where `FileManager` needs several
/// times longer; `strerror` texts make short reasons (`No such file or directory`, `Is a directory`,
/// `not a regular file (a FIFO)`).
struct LocalDisk: DiskInterface {
    func kind(of path: String) -> EntryKind? { Self.kind(atPath: path) }

    func entries(ofDirectory path: String) -> [DirectoryEntry]? { Self.entries(ofDirectory: path) }

    func firstBytes(of path: String, count: Int) -> [UInt8] { Self.firstBytes(of: path, count: count) }

    func contents(of path: String) -> Result<[UInt8], FileSystemError> { Self.contents(of: path) }

    /// The kind of the file at `path` after following links, or nil when nothing is there.
    static func kind(atPath path: String) -> EntryKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let linkKind = kind(ofMode: info.st_mode)
        guard linkKind == nil else { return linkKind }
        guard stat(path, &info) == 0 else { return nil }
        return kind(ofMode: info.st_mode) == .directory ? .symlinkToDirectory : .symlinkToFile
    }

    /// The entries of a directory except `.` and `..`, in file-system order; nil if it cannot be listed.
    static func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        var result: [DirectoryEntry] = []
        let listed = DirectoryRecords.forEach(inDirectory: path) { name, type, descriptor in
            if let entry = entry(named: name, type: type, inDirectory: path, descriptor: descriptor) {
                result.append(entry)
            }
        }
        return listed ? result : nil
    }

    /// The entry of one directory record (nil for `.` and `..`): a Swift file's (or link's) status is
    /// taken relative to the open directory, a link's kind through its path.
    static func entry(
        named cName: UnsafePointer<CChar>, type: UInt8, inDirectory path: String, descriptor: Int32
    ) -> DirectoryEntry? {
        if isDotOrDotDot(cName) { return nil }
        let (name, isValid) = String(validatingCString: cName).map { ($0, true) } ?? (String(cString: cName), false)
        let entryKind: EntryKind
        switch Int32(type) {
        case Int32(DT_DIR): entryKind = .directory
        case Int32(DT_REG): entryKind = .file
        case Int32(DT_LNK), Int32(DT_UNKNOWN):
            entryKind = kind(atPath: path == "/" ? "/" + name : path + "/" + name) ?? .other
        default: entryKind = .other
        }
        var entry = DirectoryEntry(name: name, kind: entryKind, hasValidName: isValid)
        if entry.takesStatus {
            var info = stat()
            if fstatat(descriptor, cName, &info, 0) == 0 { entry.status = FileStatus(info) }
        }
        return entry
    }

    /// Whether the entry is `.` or `..`, told from its bytes before a `String` is made of them.
    private static func isDotOrDotDot(_ name: UnsafePointer<CChar>) -> Bool {
        let dot = CChar(UInt8(ascii: "."))
        return name[0] == dot && (name[1] == 0 || (name[1] == dot && name[2] == 0))
    }

    /// Up to `count` first bytes of the file; reads nothing past them.
    static func firstBytes(of path: String, count: Int) -> [UInt8] {
        // Non-blocking, so that a FIFO among the sources cannot stall the run (it is refused when read).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress! + filled, count - filled)
            }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }
            filled += read
        }
        return Array(buffer[..<filled])
    }

    /// The bytes of `path`, or why they cannot be read: only regular files of at most
    /// `OpenFile.inputSizeLimit` bytes are read (a FIFO or device is refused at once).
    static func contents(of path: String) -> Result<[UInt8], FileSystemError> {
        do throws(FileSystemError) {
            return .success(try OpenFile.contents(atPath: path))
        } catch {
            return .failure(error)
        }
    }

    /// Whether `path` names an existing directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether there is a directory entry at `path`, even a symbolic link to nothing.
    static func entryExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `path` made usable for file-system calls: relative paths are taken relative to `directory`.
    static func fileSystemPath(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/") else { return path }
        return directory + "/" + path
    }

    /// Whether `path` names a regular file, links followed.
    static func isRegularFile(atPath path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func kind(ofMode mode: mode_t) -> EntryKind? {
        switch mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFREG: .file
        case S_IFLNK: nil
        default: .other
        }
    }
}
