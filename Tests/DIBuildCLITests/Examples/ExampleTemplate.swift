import Foundation

/// The template every `ExampleWorkspace` copies, made once per test process:
///
/// * the examples and DIRuntime, copied from the repository by `ExampleWorkspace.populate`;
/// * DIRuntime compiled once by the Ninja example's own rule (`.ninja_log` included, so Ninja considers
///   it up to date in every copy) and copied into the Make example's build directory (Make compares
///   only mtimes); `ExampleBuildFilesTests` checks that both examples compile it with the same command;
/// * a shadow toolchain whose `swift-frontend` records the primary files of every compile job in
///   `$EXAMPLE_FRONTEND_LOG`, so that tests see which files the driver recompiled. An object's mtime
///   alone cannot tell: the frontend does not rewrite an object whose LLVM module hash is unchanged.
enum ExampleTemplate {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let root: Result<String, ExampleError> = {
        let container = FileManager.default.temporaryDirectory
            .appendingPathComponent("dibuild-examples-template-\(UUID().uuidString)").path
        let root = container + "/copy with space"
        atexit { ExampleTemplate.removeContainer() }
        do {
            try makeShadowToolchain(in: container + "/toolchain")
            try ExampleWorkspace.populate(root, frontend: frontend(inContainer: container))
            let runtime = "build/runtime/libDIRuntime.a"
            let built = try Shell.run(["ninja", runtime], in: root + "/examples/ninja")
            guard built.status == 0 else { throw ExampleError("ninja \(runtime) failed:\n\(built.output)") }
            try FileManager.default.createDirectory(
                atPath: root + "/examples/make/build", withIntermediateDirectories: true)
            try Shell.require(["cp", "-pR", root + "/examples/ninja/build/runtime", root + "/examples/make/build/"])
            return .success(root)
        } catch let error as ExampleError {
            return .failure(error)
        } catch {
            return .failure(ExampleError("\(error)"))
        }
    }()

    /// The recording `swift-frontend`, for `swiftc -driver-use-frontend-path`.
    static var frontend: String {
        get throws { frontend(inContainer: URL(fileURLWithPath: try root.get()).deletingLastPathComponent().path) }
    }

    private static func frontend(inContainer container: String) -> String {
        container + "/toolchain/usr/bin/swift-frontend"
    }

    /// `usr/` with a symbolic link to every entry of the real toolchain's `usr/` and `usr/bin/`, except
    /// `swift-frontend`, a script. The driver derives its resource directory and tools from the
    /// frontend's location, so they must sit beside it.
    private static func makeShadowToolchain(in directory: String) throws {
        let realBin = try realToolchainBin()
        let realUsr = URL(fileURLWithPath: realBin).deletingLastPathComponent().path
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory + "/usr/bin", withIntermediateDirectories: true)
        for entry in try manager.contentsOfDirectory(atPath: realUsr) where entry != "bin" {
            try manager.createSymbolicLink(
                atPath: directory + "/usr/" + entry, withDestinationPath: realUsr + "/" + entry)
        }
        for entry in try manager.contentsOfDirectory(atPath: realBin) where entry != "swift-frontend" {
            try manager.createSymbolicLink(
                atPath: directory + "/usr/bin/" + entry, withDestinationPath: realBin + "/" + entry)
        }
        let script = """
            #!/bin/sh
            if [ -n "${EXAMPLE_FRONTEND_LOG-}" ]; then
                previous=
                for argument in "$@"; do
                    if [ "$previous" = -primary-file ]; then printf '%s\\n' "$argument" >> "$EXAMPLE_FRONTEND_LOG"; fi
                    previous=$argument
                done
            fi
            exec '\(realBin)/swift-frontend' "$@"

            """
        let path = directory + "/usr/bin/swift-frontend"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The directory of the real `swift-frontend`: beside `swiftc` from `PATH`, symbolic links resolved.
    private static func realToolchainBin() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(directory) + "/swiftc")
            guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
            let bin = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().path
            if FileManager.default.isExecutableFile(atPath: bin + "/swift-frontend") { return bin }
        }
        throw ExampleError("cannot find swiftc and swift-frontend in PATH")
    }

    private static func removeContainer() {
        guard case .success(let root) = root else { return }
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: root).deletingLastPathComponent().path)
    }
}
