import Foundation
import TestSupport

@testable import DIEngine

/// A real directory tree in the temporary directory for inventory tests, removed when released.
final class TemporaryTree {
    private let directory: TemporaryDirectory
    var root: String { directory.path }

    init() throws {
        directory = try TemporaryDirectory(prefix: "inventory")
    }

    func path(_ relative: String) -> String { directory.path(relative) }

    /// Creates the file and its missing parent directories.
    func write(_ relative: String, _ contents: String = "struct Placeholder {}\n") throws {
        try directory.write(relative, contents)
    }

    func makeDirectory(_ relative: String) throws {
        try directory.makeDirectory(relative)
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
