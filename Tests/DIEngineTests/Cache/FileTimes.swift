import Foundation
import TestSupport

extension TemporaryDirectory {
    /// Sets a file's modification time (and access time) to `seconds` after the epoch.
    static func setModificationTime(of file: String, seconds: Int, nanoseconds: Int = 0) {
        let time = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        var times = [time, time]
        _ = utimensat(AT_FDCWD, file, &times, 0)
    }

    static func modificationTime(of file: String) throws -> timespec {
        var info = stat()
        guard stat(file, &info) == 0 else { throw POSIXError(.ENOENT) }
        return info.st_mtim
    }
}
