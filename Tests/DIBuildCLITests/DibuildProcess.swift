import Foundation
import TestSupport

/// The built `dibuild` executable, run as a subprocess exactly as a build system would.
enum DibuildProcess {
    typealias Outcome = ProcessRunner.Outcome

    /// `$DIBUILD_BINARY`, else `dibuild` next to the test bundle (SwiftPM puts both in its bin directory),
    /// else `.build/debug/dibuild` of this package.
    static let executable: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["DIBUILD_BINARY"] { candidates.append(explicit) }
        for bundle in [Bundle.main] + Bundle.allBundles {
            let url = bundle.bundleURL
            candidates.append(url.appendingPathComponent("dibuild").path)
            candidates.append(url.deletingLastPathComponent().appendingPathComponent("dibuild").path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/dibuild").path)
        return candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
    }()

    /// Runs `dibuild arguments…` in `directory` (a fresh empty one by default) without colour variables.
    static func run(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:])
        throws -> Outcome
    {
        guard let executable else { throw LocatingError() }
        let scratch = try TemporaryDirectory(prefix: "cli")
        return try ProcessRunner.run(
            executable, arguments, in: directory ?? scratch.path, environment: extra, mergingOutput: false)
    }

    struct LocatingError: Error, CustomStringConvertible {
        var description: String { "cannot find the dibuild executable; build it first or set DIBUILD_BINARY" }
    }
}

/// A project directory for one test (relative path → text), deleted afterwards.
typealias ProjectDirectory = TemporaryDirectory
