#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, whose `strerror` texts make short `I01` reasons
/// (`No such file or directory`, `Is a directory`, `Permission denied`).
enum FileContents {
    /// The bytes of `path`, or the reason it cannot be read.
    static func contents(of path: String) -> Result<[UInt8], FileReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileReadError(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(FileReadError(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(FileReadError(EISDIR)) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Whether `path` names an existing directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// `path` made usable for file-system calls: relative paths are taken relative to `directory`.
    static func fileSystemPath(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/") else { return path }
        return directory + "/" + path
    }
}

struct FileReadError: Error, Equatable {
    var reason: String

    init(_ code: Int32) {
        reason = String(cString: strerror(code))
    }
}
