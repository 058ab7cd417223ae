import Foundation
import Testing

/// Golden files under `Tests/Fixtures/Golden/`. Set `DIBUILD_UPDATE_GOLDENS=1` to rewrite them from the
/// current output; review the diff by eye against the spec before committing.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Golden")

    static func check(_ actual: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DIBUILD_UPDATE_GOLDENS"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "\(name) differs:\n\(firstDifference(actual, expected))", sourceLocation: sourceLocation
        )
    }

    private static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < e.count ? String(e[index]) : "<end>"
            if left != right { return "line \(index + 1):\n  actual:   \(left)\n  expected: \(right)" }
        }
        return "(no line differs)"
    }
}
