import Foundation

/// One checkout of examples/bazel, laid out like the repository (`examples/bazel`, `examples/app`,
/// `Sources/DIRuntime`) below `root`, with its own Bazel output root and `tools/dibuild` linking to the
/// dibuild under test. `shutDown()` stops its Bazel server.
final class BazelCheckout {
    static let bazelFiles = ["WORKSPACE", "BUILD", "app.BUILD", "di_runtime.BUILD", ".bazelrc"]
    static let factory = "bazel-bin/gen/AppFactory.swift"

    let root: String
    private let outputRoot: String
    private let remoteCache: String
    var workspace: String { root + "/examples/bazel" }
    var app: String { root + "/examples/app" }

    init(at root: String, outputRoot: String, remoteCache: String) throws {
        guard let dibuild = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        self.root = root
        self.outputRoot = outputRoot
        self.remoteCache = remoteCache
        let repository = ExampleTemplate.repositoryRoot
        let manager = FileManager.default
        try manager.createDirectory(atPath: workspace + "/tools", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try Shell.require(["cp", "-R", repository + "/examples/app", root + "/examples/"])
        try Shell.require(["cp", "-R", repository + "/Sources/DIRuntime", root + "/Sources/"])
        for file in Self.bazelFiles {
            try Shell.require(["cp", repository + "/examples/bazel/" + file, workspace + "/"])
        }
        try manager.createSymbolicLink(atPath: workspace + "/tools/dibuild", withDestinationPath: dibuild)
    }

    /// `bazel build //:app` against the remote cache; the execution log of this build is returned.
    func build(logName: String) throws -> BazelExecutionLog {
        let log = URL(fileURLWithPath: root).deletingLastPathComponent().path + "/\(logName).json"
        let outcome = try Self.runLeavingDaemons(
            [
                "bazel", "--output_user_root=" + outputRoot, "--max_idle_secs=120", "build",
                "--action_env=PATH=" + (try Self.actionPath()), "--remote_cache=" + remoteCache,
                "--execution_log_json_file=" + log, "//:app",
            ], in: workspace)
        guard outcome.status == 0 else { throw ExampleError("bazel build failed:\n\(outcome.output)") }
        return try BazelExecutionLog(contentsOfFile: log)
    }

    func runApp() throws -> String {
        let outcome = try Shell.run([workspace + "/bazel-bin/App"], in: workspace)
        guard outcome.status == 0 else { throw ExampleError("bazel-bin/App failed:\n\(outcome.output)") }
        return outcome.output
    }

    func factory() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: workspace + "/" + Self.factory))
    }

    /// Points `tools/dibuild` at a copy of the dibuild under test with one byte appended: it runs the
    /// same, but Bazel sees a different executable.
    func replaceDibuild(withCopyIn directory: String) throws {
        guard let dibuild = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        let copy = directory + "/dibuild-copy"
        try Shell.require(["cp", dibuild, copy])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copy))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        try FileManager.default.removeItem(atPath: workspace + "/tools/dibuild")
        try FileManager.default.createSymbolicLink(atPath: workspace + "/tools/dibuild", withDestinationPath: copy)
    }

    func shutDown() {
        _ = try? Self.runLeavingDaemons(["bazel", "--output_user_root=" + outputRoot, "shutdown"], in: workspace)
    }

    /// Runs a command that leaves a daemon behind (the Bazel server, nginx). Foundation's `Process`
    /// waits until every holder of a descriptor it leaks into the child has exited, so a daemon would
    /// hang the test: bash closes every descriptor above 2 before it executes the command.
    static func runLeavingDaemons(_ command: [String], in directory: String? = nil) throws -> Shell.Outcome {
        let closeDescriptors = """
            for fd in /proc/$$/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done 2>/dev/null
            exec "$@"
            """
        return try Shell.run(["bash", "-c", closeDescriptors, "bash"] + command, in: directory)
    }

    /// The PATH of every action (the build uses --incompatible_strict_action_env): swiftc's directory
    /// from the test's PATH, then the system's.
    private static func actionPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: directory + "/swiftc") {
            return directory + ":/usr/bin:/bin"
        }
        throw ExampleError("swiftc is not in PATH")
    }
}

/// nginx serving Bazel's HTTP cache on 127.0.0.1 (examples/bazel/remote-cache.sh), in `directory`.
struct LoopbackRemoteCache {
    private static let script = ExampleTemplate.repositoryRoot + "/examples/bazel/remote-cache.sh"
    let directory: String
    let url: String

    init(in directory: String) throws {
        let started = try BazelCheckout.runLeavingDaemons(["sh", Self.script, "start", directory])
        let port = started.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard started.status == 0, Int(port) != nil else {
            throw ExampleError("remote-cache.sh start failed:\n\(started.output)")
        }
        self.directory = directory
        url = "http://127.0.0.1:" + port
    }

    func stop() {
        _ = try? BazelCheckout.runLeavingDaemons(["sh", Self.script, "stop", directory])
    }
}
