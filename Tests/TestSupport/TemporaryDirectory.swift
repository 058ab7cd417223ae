import Foundation

/// A fresh directory under the system temporary directory, removed when the value is released: the one
/// scratch-directory helper of the test targets.
public final class TemporaryDirectory {
    public let path: String

    /// `prefix` names the directory (`dibuild-<prefix>-<UUID>`), which helps when a test leaves one behind.
    public init(prefix: String = "test") throws {
        path = NSTemporaryDirectory() + "dibuild-\(prefix)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A directory holding `files` (relative path → UTF-8 text).
    public convenience init(prefix: String = "test", files: [String: String]) throws {
        try self.init(prefix: prefix)
        for (relative, text) in files { try write(relative, text) }
    }

    /// A copy of the directory `source`, whose contents become this directory's.
    public convenience init(prefix: String = "test", copying source: String) throws {
        try self.init(prefix: prefix)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: source, toPath: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative`.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` (UTF-8) to `relative`, creating parent directories; returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path(relative)
        let parent = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    public func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }
}
