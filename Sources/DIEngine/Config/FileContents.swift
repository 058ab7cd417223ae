#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, whose `strerror` texts make short `I01` reasons
/// (`No such file or directory`, `Is a directory`, `Permission denied`, `not a regular file (a FIFO)`).
enum FileContents {
    /// The bytes of `path`, or the reason it cannot be read: only regular files of at most
    /// `OpenFile.inputSizeLimit` bytes are read (a FIFO or device is refused at once).
    static func contents(of path: String) -> Result<[UInt8], FileReadError> {
        do throws(FileSystemError) {
            return .success(try OpenFile.contents(atPath: path))
        } catch {
            return .failure(FileReadError(reason: error.reason))
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

    init(reason: String) {
        self.reason = reason
    }

    init(_ code: Int32) {
        reason = String(cString: strerror(code))
    }
}
