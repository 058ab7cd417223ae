import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private copy of the repository's examples (`app`, `ninja`, `make`, `tools`) and of `Sources/DIRuntime`,
/// laid out like the repository so that the build files' relative paths hold, under a directory whose
/// name contains a space. `bin/dibuild` links to the dibuild under test; swiftc uses the recording
/// frontend of `ExampleTemplate`. Deleted afterwards.
final class ExampleWorkspace {
    let root: String
    private let scratch: TemporaryDirectory
    private var container: String { scratch.path }
    private let frontend: String
    private var frontendLog: String { container + "/frontend.log" }

    var app: String { root + "/examples/app" }
    var ninjaDirectory: String { root + "/examples/ninja" }
    var makeDirectory: String { root + "/examples/make" }

    /// Copies the shared template, whose Ninja build directory already holds a compiled DIRuntime.
    init() throws {
        scratch = try TemporaryDirectory(prefix: "examples")
        root = scratch.path + "/copy with space"
        frontend = try ExampleTemplate.frontend
        try Shell.require(["cp", "-pR", try ExampleTemplate.root.get(), root])
        try Self.configureNinja(in: root, frontend: frontend)
    }

    /// Copies what the examples need from the repository into `root` (mtimes kept, so nothing looks new).
    static func populate(_ root: String, frontend: String) throws {
        guard let dibuild = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        let repository = ExampleTemplate.repositoryRoot
        for directory in ["examples", "Sources", "bin"] {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        for example in ["app", "ninja", "make", "tools"] {
            try Shell.require(["cp", "-pR", repository + "/examples/" + example, root + "/examples/"])
        }
        try Shell.require(["cp", "-pR", repository + "/Sources/DIRuntime", root + "/Sources/"])
        try FileManager.default.createSymbolicLink(atPath: root + "/bin/dibuild", withDestinationPath: dibuild)
        for generated in ["/examples/ninja/build", "/examples/make/build"] {
            try? FileManager.default.removeItem(atPath: root + generated)
        }
        try configureNinja(in: root, frontend: frontend)
    }

    /// Points config.ninja at `bin/dibuild` by absolute path, which contains a space (escaped as `$ `),
    /// and at the recording frontend (the same in every copy, so the runtime's command stays the same).
    private static func configureNinja(in root: String, frontend: String) throws {
        let dibuild = (root + "/bin/dibuild").replacingOccurrences(of: "$", with: "$$")
            .replacingOccurrences(of: " ", with: "$ ").replacingOccurrences(of: ":", with: "$:")
        let settings = "dibuild = \(dibuild)\nswiftc = swiftc -driver-use-frontend-path \(frontend)\n"
        try Data(settings.utf8).write(to: URL(fileURLWithPath: root + "/examples/ninja/config.ninja"))
    }

    // MARK: Running

    /// `ninja arguments…` in examples/ninja.
    func ninja(_ arguments: String...) throws -> Shell.Outcome {
        try Shell.run(["ninja"] + arguments, in: ninjaDirectory, environment: ["EXAMPLE_FRONTEND_LOG": frontendLog])
    }

    /// `make arguments…` in examples/make, with dibuild by a relative path: Make cannot take a
    /// prerequisite whose name contains a space.
    func make(_ arguments: String...) throws -> Shell.Outcome {
        try Shell.run(
            ["make", "DIBUILD=../../bin/dibuild", "SWIFTC=swiftc -driver-use-frontend-path \(frontend)"] + arguments,
            in: makeDirectory, environment: ["EXAMPLE_FRONTEND_LOG": frontendLog])
    }

    /// The sources the Swift driver compiled since the last call, in the spelling of its command line.
    func recompiledSources() throws -> Set<String> {
        guard let log = try? String(contentsOfFile: frontendLog, encoding: .utf8) else { return [] }
        try FileManager.default.removeItem(atPath: frontendLog)
        return Set(log.split(separator: "\n").map(String.init))
    }

    /// Runs the built app of one example and returns its standard output.
    func runApp(in directory: String) throws -> String {
        let outcome = try Shell.run(["./build/App"], in: directory)
        guard outcome.status == 0 else { throw ExampleError("build/App failed:\n\(outcome.output)") }
        return outcome.output
    }

    // MARK: Files (paths relative to `root`)

    func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
    }

    func text(_ path: String) throws -> String {
        String(decoding: try contents(path), as: UTF8.self)
    }

    /// Rewrites a file in place (same inode, so its directory's mtime stays), as an editor saving
    /// without renaming does; creates the file and its directories if needed.
    func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
    }

    func replace(_ old: String, with new: String, in path: String) throws {
        let original = try text(path)
        guard original.contains(old) else { throw ExampleError("'\(old)' not found in \(path)") }
        try write(original.replacingOccurrences(of: old, with: new), to: path)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    func touch(_ path: String) throws {
        try Shell.require(["touch", root + "/" + path])
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + path)
    }

    /// The modification time in nanoseconds.
    func modificationTime(_ path: String) throws -> Int64 {
        try Self.modificationTime(ofAbsolute: root + "/" + path)
    }

    /// Waits until a file written now gets a later mtime than every file in the workspace, so that the
    /// next edit is newer than every output of the last build whatever the timestamp granularity.
    func waitForNewerTimestamps() throws {
        var newest = Int64.min
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            newest = max(newest, (try? Self.modificationTime(ofAbsolute: root + "/" + relative)) ?? newest)
        }
        let probe = container + "/clock-probe"
        for _ in 0..<2000 {
            try Data().write(to: URL(fileURLWithPath: probe))
            // A whole second past the newest file: the Swift driver's incremental mode (the examples'
            // compile) missed an edit made within the same second as its previous build now and then
            // (about one run in three on a loaded 2-core machine); a second later it never did.
            if try Self.modificationTime(ofAbsolute: probe) > newest + 1_000_000_000 { return }
            usleep(2000)
        }
        throw ExampleError("the file-system clock did not advance")
    }

    private static func modificationTime(ofAbsolute path: String) throws -> Int64 {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw ExampleError("cannot stat \(path)") }
        #if canImport(Darwin)
            return Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
    }
}

struct ExampleError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
