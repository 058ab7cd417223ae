import Foundation
import TestSupport

/// A copy of `Tests/Fixtures/Apps/<name>` in a fresh temporary directory, deleted afterwards, so that
/// `dibuild build` can write its outputs next to the sources.
final class FixtureApp {
    static let fixturesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Apps")

    private let directory: TemporaryDirectory
    var path: String { directory.path }

    init(_ name: String) throws {
        directory = try TemporaryDirectory(
            prefix: "app", copying: Self.fixturesRoot.appendingPathComponent(name).path)
    }

    func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

    func read(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

    func write(_ relative: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: url(relative))
    }

    /// Replaces one occurrence of `old`; fails loudly if the fixture no longer contains it.
    func edit(_ relative: String, replacing old: String, with new: String) throws {
        let text = try read(relative)
        guard let range = text.range(of: old) else { throw FixtureError("'\(old)' not found in \(relative)") }
        try write(relative, text.replacingCharacters(in: range, with: new))
    }

    func modificationDate(_ relative: String) throws -> Date {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(relative).path)
        guard let date = attributes[.modificationDate] as? Date else { throw FixtureError("no mtime for \(relative)") }
        return date
    }

    /// Moves the mtime into the past, so that any rewrite (even within the same second) is visible.
    func backdate(_ relative: String) throws -> Date {
        let past = Date(timeIntervalSince1970: 946_684_800)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url(relative).path)
        return try modificationDate(relative)
    }

    /// Relative paths of the regular files below `relative`, sorted.
    func files(under relative: String = "") throws -> [String] {
        let base = relative.isEmpty ? path : url(relative).path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var result: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(item)
            }
        }
        return result.sorted()
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
