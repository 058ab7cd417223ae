import Foundation

/// A small DI project in a temporary directory for the incremental-build tests: sources backdated so
/// that their mtimes are not racy, helpers to edit them in place and to read file stamps.
final class IncrementalProject {
    let directory: ProjectDirectory
    var path: String { directory.path }

    static let config = """
        target:
          - App
        config:
          App:
            include:
              - Sources
            properties:
              - Config/app.yml
            output: build/AppFactory.swift
            depfile: build/AppFactory.d
            resolve:
              output: build/Deli.resolved

        """

    static let sources = [
        "Sources/Clock.swift": """
        import DIRuntime

        protocol Clock: AnyObject {}

        final class SystemClock: Clock, Component {
            init() {}
        }

        """,
        "Sources/Greeter.swift": """
        import DIRuntime

        final class Greeter: Autowired {
            let clock: Clock
            required init(_ clock: Clock) {
                self.clock = clock
            }

            func greet() -> String { "hello" }
        }

        """,
        "Sources/Feature One/Login.swift": """
        import DIRuntime

        final class Login: LazyAutowired {
            var qualifier: String? { "login" }
            var greeter: Greeter?
            required init() {}
            func inject(_ greeter: Greeter) { self.greeter = greeter }
        }

        """,
        "Config/app.yml": "app:\n  name: Demo\n",
    ]

    init(extra: [String: String] = [:], config: String = IncrementalProject.config) throws {
        directory = try ProjectDirectory(
            files: Self.sources.merging(["deli.yml": config]) { $1 }.merging(extra) { $1 })
        for file in try files(under: "Sources") { try backdate(file, seconds: 1_000_000_000) }
    }

    func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

    func read(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }

    func bytes(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

    func write(_ relative: String, _ contents: String) throws {
        try FileManager.default.createDirectory(
            at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url(relative))
    }

    /// Rewrites a file through the same inode (truncate and write), as an editor saving in place does.
    func overwriteInPlace(_ relative: String, _ contents: String) throws {
        let handle = try FileHandle(forWritingTo: url(relative))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contents.utf8))
        try handle.close()
    }

    /// Replaces one occurrence of `old`, in place.
    func edit(_ relative: String, replacing old: String, with new: String) throws {
        let text = try read(relative)
        guard let range = text.range(of: old) else { throw ProjectError("'\(old)' not found in \(relative)") }
        try overwriteInPlace(relative, text.replacingCharacters(in: range, with: new))
    }

    /// Size, mtime (ns) and inode.
    func stamp(_ relative: String) throws -> Stamp {
        var info = stat()
        guard stat(url(relative).path, &info) == 0 else { throw ProjectError("cannot stat \(relative)") }
        return Stamp(
            size: Int(info.st_size), modificationTime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + info.st_mtim.tv_nsec,
            inode: UInt64(info.st_ino))
    }

    struct Stamp: Equatable {
        var size: Int
        var modificationTime: Int
        var inode: UInt64
    }

    /// Sets the mtime to `seconds` (+ `nanoseconds`) after the epoch.
    func backdate(_ relative: String, seconds: Int, nanoseconds: Int = 0) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        guard utimensat(AT_FDCWD, url(relative).path, &times, 0) == 0 else {
            throw ProjectError("cannot set the mtime of \(relative)")
        }
    }

    /// Restores an exact mtime taken with `stamp`.
    func restoreModificationTime(_ relative: String, to stamp: Stamp) throws {
        try backdate(
            relative, seconds: stamp.modificationTime / 1_000_000_000,
            nanoseconds: stamp.modificationTime % 1_000_000_000)
    }

    /// Relative paths of the regular files below `relative`, sorted.
    func files(under relative: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url(relative).path) else { return [] }
        var result: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = relative + "/" + item
            if FileManager.default.fileExists(atPath: url(full).path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                result.append(full)
            }
        }
        return result.sorted()
    }

    @discardableResult
    func build(_ arguments: [String] = []) throws -> DibuildProcess.Outcome {
        try DibuildProcess.run(["build"] + arguments, in: path)
    }

    /// The `N files: …` line of a `-v` run.
    static func statistics(_ outcome: DibuildProcess.Outcome) -> String? {
        outcome.stderr.split(separator: "\n").map(String.init).first {
            $0.hasPrefix("dibuild: ") && $0.contains(" files: ")
        }
    }

    /// The outputs of a build: factory, resolved file, depfile.
    static let outputs = ["build/AppFactory.swift", "build/Deli.resolved", "build/AppFactory.d"]

    func outputBytes() throws -> [Data] { try Self.outputs.map(bytes) }

    func cacheFile() -> String { ".dibuild/App.dicache" }
}

struct ProjectError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
