import Foundation

/// The built `dibuild` executable, run as a subprocess exactly as a build system would.
enum DibuildProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

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
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dibuild-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent(".stdout")
        let stderrURL = scratch.appendingPathComponent(".stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? scratch.path)
        var environment = ProcessInfo.processInfo.environment
        for name in ["NO_COLOR", "CLICOLOR_FORCE", "FORCE_COLOR"] { environment[name] = nil }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8))
    }

    struct LocatingError: Error, CustomStringConvertible {
        var description: String { "cannot find the dibuild executable; build it first or set DIBUILD_BINARY" }
    }
}

/// A project directory for one test, deleted afterwards.
final class ProjectDirectory {
    let path: String

    init(files: [String: String]) throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("dibuild-project-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (relative, contents) in files {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
