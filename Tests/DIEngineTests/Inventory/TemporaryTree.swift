import Foundation

@testable import DIEngine

/// A real directory tree in the temporary directory, removed when the value is released.
final class TemporaryTree {
    let root: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dibuild-inventory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        root = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Creates the file and its missing parent directories.
    func write(_ relative: String, _ contents: String = "struct Placeholder {}\n") throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func makeDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Settings whose entries are relative to `base` (the config directory as spelled); the inventory
    /// must be built with `currentDirectory: root`.
    func settings(
        include: [String], exclude: [String] = [], properties: [String] = [], dependencies: [String] = [],
        output: String = "Generated/AppFactory.swift", base: String = "."
    ) -> TargetSettings {
        TargetSettings(
            name: "App", configPath: DisplayPath.join(base, "deli.yml"), configDirectory: base,
            include: Self.entries(include, base: base), exclude: Self.entries(exclude, base: base, line: 20),
            className: "AppFactory", outputPath: DisplayPath.join(base, output),
            properties: Self.entries(properties, base: base, line: 40), outputReference: output,
            dependencies: Self.entries(dependencies, base: base, line: 60).map {
                ModuleDependencySetting(path: $0, imports: [])
            }
        )
    }

    func inventory(_ settings: TargetSettings) -> Inventory {
        InventoryBuilder.build(for: settings, currentDirectory: root)
    }

    /// Config entries on consecutive lines of `deli.yml`, starting at `line`.
    static func entries(_ texts: [String], base: String, line: Int = 1) -> [PathEntry] {
        texts.enumerated().map { index, text in
            PathEntry(
                text: text, base: base,
                location: SourceLocation(path: DisplayPath.join(base, "deli.yml"), line: line + index, column: 7)
            )
        }
    }
}
