/// The functions the libFuzzer targets (`make fuzz`, `Tests/Fuzz`) call with each input; the test suite
/// replays the corpus and crash reproducers through the same functions. Each must return normally
/// for any bytes: a crash, trap or hang is a bug.
public enum FuzzEntries {
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "scanner": scanner, "yaml": yaml, "property-path": propertyPath, "cache-reader": cacheReader,
    ]

    /// The engine's per-file scan: generated and invalid UTF-8 files included.
    public static func scanner(_ bytes: [UInt8]) {
        _ = SourceFacts.facts(ofSource: bytes, path: "fuzz.swift", runtimeModule: "DIRuntime")
    }

    /// libyaml through to the property tree, as for a property file.
    public static func yaml(_ bytes: [UInt8]) {
        _ = PropertyLoader.tree(of: YAMLParser.parse(bytes, path: "fuzz.yml"), path: "fuzz.yml")
    }

    private static let propertyTree: PropertyNode = {
        let source = "server:\n  port: 80\n  hosts: [a, b, {name: c}]\n'dotted.key': 1\nlist:\n  - [1, 2]\n"
        return PropertyLoader.tree(of: YAMLParser.parse(Array(source.utf8), path: "tree.yml"), path: "tree.yml").0
            ?? .emptyMapping
    }()

    /// A property path, as written in `@PropertyValue("…")` or `InjectProperty("…")`.
    public static func propertyPath(_ bytes: [UInt8]) {
        let path = String(decoding: bytes, as: UTF8.self)
        _ = PropertyPath.syntaxError(in: path)
        _ = PropertyPath.lookup(path, in: propertyTree)
    }

    /// A cache file as read from disk.
    public static func cacheReader(_ bytes: [UInt8]) {
        _ = CacheFileFormat.decode(bytes, expecting: CacheIdentity(toolVersion: "fuzz", runtimeModule: "DIRuntime"))
    }
}
