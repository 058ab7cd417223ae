@testable import DIEngine

/// A `DiskInterface` over a tree that exists only in memory: files with their bytes and the directories
/// above them. Listings come in the reverse of byte order, so a stage that depends on the order in which a
/// file system lists a directory shows it.
struct InMemoryDisk: DiskInterface {
    private var files: [String: [UInt8]] = [:]
    private var directories: Set<String> = ["/"]

    /// `files` by absolute path; their parent directories are created.
    init(_ files: [String: String]) {
        for (path, text) in files {
            self.files[path] = Array(text.utf8)
            var parent = DisplayPath.directory(of: path)
            while parent != "/" && directories.insert(parent).inserted { parent = DisplayPath.directory(of: parent) }
        }
    }

    func kind(of path: String) -> EntryKind? {
        if files[path] != nil { return .file }
        return directories.contains(path) ? .directory : nil
    }

    func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        guard directories.contains(path) else { return nil }
        let prefix = path == "/" ? "/" : path + "/"
        let children = Set(
            (Array(files.keys) + directories).filter { $0.hasPrefix(prefix) && $0 != path }.map {
                String($0.dropFirst(prefix.count).prefix { $0 != "/" })
            })
        return ByteOrder.sorted(Array(children)).reversed().map { name in
            DirectoryEntry(name: name, kind: kind(of: prefix + name) ?? .other)
        }
    }

    func firstBytes(of path: String, count: Int) -> [UInt8] { Array((files[path] ?? []).prefix(count)) }

    func contents(of path: String) -> Result<[UInt8], FileSystemError> {
        if let bytes = files[path] { return .success(bytes) }
        return .failure(FileSystemError(path: path, reason: "No such file or directory"))
    }
}

extension TargetSettings {
    /// Target `App` (config `deli.yml`, output `Generated/AppFactory.swift`) including `include`, for the
    /// inventory tests over a disk double.
    static func inventoryTestApp(include: [String]) -> TargetSettings {
        TargetSettings(
            name: "App", configPath: "deli.yml", configDirectory: ".",
            include: include.map { PathEntry(text: $0, base: ".", location: nil) }, exclude: [],
            className: "AppFactory", outputPath: "Generated/AppFactory.swift", properties: [],
            outputReference: "Generated/AppFactory.swift", dependencies: [])
    }
}
