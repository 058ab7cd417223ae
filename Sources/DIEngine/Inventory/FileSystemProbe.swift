#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a directory entry is, with symbolic links already resolved one level.
enum EntryKind: Sendable, Equatable {
    case file
    case directory
    case symlinkToFile
    case symlinkToDirectory
    case other

    /// Regular files and links to them: both are read as files.
    var isFile: Bool { self == .file || self == .symlinkToFile }
    var isDirectory: Bool { self == .directory || self == .symlinkToDirectory }
}

struct DirectoryEntry: Sendable, Equatable {
    var name: String
    var kind: EntryKind
    /// False when the name's bytes are not UTF-8: `name` then holds replacement characters and names
    /// nothing on disk.
    var hasValidName = true
    /// For a Swift file (or a link to one): its `stat`, taken relative to the open directory while
    /// listing it, so that looking the sources up later costs no second path walk per file.
    var status: FileStatus? = nil

    var isHidden: Bool { name.isHiddenName }
}

/// Thin POSIX wrappers: `readdir` with `d_type` avoids one `stat` per entry, which keeps a walk of
/// ten thousand files in the millisecond range where `FileManager` needs several times longer.
enum FileSystemProbe {
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
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var result: [DirectoryEntry] = []
        while let record = readdir(stream) {
            let (name, isValid) = withUnsafePointer(to: &record.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(validatingCString: $0).map { ($0, true) } ?? (String(cString: $0), false)
                }
            }
            if name == "." || name == ".." { continue }
            let entryKind: EntryKind
            switch Int32(record.pointee.d_type) {
            case Int32(DT_DIR): entryKind = .directory
            case Int32(DT_REG): entryKind = .file
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                entryKind = kind(atPath: path == "/" ? "/" + name : path + "/" + name) ?? .other
            default: entryKind = .other
            }
            var entry = DirectoryEntry(name: name, kind: entryKind, hasValidName: isValid)
            if entryKind.isFile, isValid, ByteOrder.hasSuffix(name, ".swift") {
                var info = stat()
                if fstatat(dirfd(stream), name, &info, 0) == 0 { entry.status = FileStatus(info) }
            }
            result.append(entry)
        }
        return result
    }

    /// Whether the file's first bytes are exactly `prefix`; reads nothing past them.
    static func file(atPath path: String, startsWith prefix: [UInt8]) -> Bool {
        // Non-blocking, so that a FIFO among the sources cannot stall the run (it is refused when read).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: prefix.count)
        var filled = 0
        while filled < prefix.count {
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, prefix.count - filled)
            }
            if count <= 0 { return false }
            filled += count
        }
        return buffer == prefix
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
