import Foundation

/// A fresh directory under the system temporary directory, removed when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "dibuild-cache-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `relativePath` (creating directories) and returns the absolute path.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> String {
        try write(Array(text.utf8), to: relativePath)
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relativePath: String) throws -> String {
        let file = path + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

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
