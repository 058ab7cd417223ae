/// One target's settings exactly as `deli.yml` states them, before defaults, the
/// command line and the derived-path rules are applied. Paths are config-relative `PathEntry`s.
struct TargetConfig {
    var include: [PathEntry]?
    var exclude: [PathEntry] = []
    var className: String?
    var output: String?
    var properties: [PathEntry] = []
    var resolveOutput: String?
    var resolveGenerate = true
    var dependencies: [ModuleDependencySetting] = []
    var accessControl: AccessControlSetting?
    var runtimeModule: String?
    var cacheDirectory: String?
    var depfile: String?

    static let xcodeKeys: Set<String> = ["project", "scheme", "target"]

    /// No settings: every default (config-less mode).
    init() {}

    /// Reads the mapping of one target; wrong shapes leave the default in place and are reported.
    init(_ node: YAMLNode, name: String, base: String, reader: inout ConfigReader) {
        guard let entries = reader.mapping(node, key: name) else { return }
        for (key, keyNode, value) in entries {
            switch key {
            case "include": include = reader.paths(value, key: key, base: base)
            case "exclude": exclude = reader.paths(value, key: key, base: base) ?? []
            case "className": className = reader.string(value, key: key)
            case "output": output = reader.string(value, key: key)
            case "properties": properties = reader.paths(value, key: key, base: base) ?? []
            case "resolve": readResolve(value, reader: &reader)
            case "dependencies": dependencies = Self.dependencies(value, base: base, reader: &reader)
            case "accessControl":
                if let text = reader.string(value, key: key) {
                    accessControl = Self.accessControl(text, at: reader.location(value), reader: &reader)
                }
            case "runtimeModule":
                if let text = reader.string(value, key: key) {
                    runtimeModule = Self.runtimeModule(text, at: reader.location(value), reader: &reader)
                }
            case "cacheDir": cacheDirectory = reader.string(value, key: key)
            case "depfile": depfile = reader.string(value, key: key)
            case _ where Self.xcodeKeys.contains(key):
                reader.report(
                    Diagnostic(
                        .xcodeKeyIgnored, key,
                        at: reader.location(keyNode)))
            default: reader.unknownKey(key, at: keyNode)
            }
        }
    }

    private mutating func readResolve(_ node: YAMLNode, reader: inout ConfigReader) {
        guard let entries = reader.mapping(node, key: "resolve") else { return }
        for (key, keyNode, value) in entries {
            switch key {
            case "output": resolveOutput = reader.string(value, key: "resolve.output")
            case "generate": resolveGenerate = reader.bool(value, key: "resolve.generate") ?? resolveGenerate
            default: reader.unknownKey(key, at: keyNode)
            }
        }
    }

    private static func dependencies(_ node: YAMLNode, base: String, reader: inout ConfigReader)
        -> [ModuleDependencySetting]
    {
        guard case .sequence(let items) = node.value else {
            reader.wrongShape("dependencies", "a list of mappings", at: node)
            return []
        }
        return items.enumerated().compactMap { index, item in
            dependency(item, key: "dependencies[\(index)]", base: base, reader: &reader)
        }
    }

    private static func dependency(
        _ node: YAMLNode, key: String, base: String, reader: inout ConfigReader
    ) -> ModuleDependencySetting? {
        guard let entries = reader.mapping(node, key: key) else { return nil }
        var path: PathEntry?
        var imports: [String] = []
        for (entryKey, keyNode, value) in entries {
            switch entryKey {
            case "path":
                path = reader.string(value, key: "path").map {
                    PathEntry(text: $0, base: base, location: reader.location(value))
                }
            case "import", "imports":
                if value.scalar != nil {
                    imports += reader.string(value, key: entryKey).map { [$0] } ?? []
                } else {
                    imports += reader.strings(value, key: entryKey)?.map(\.text) ?? []
                }
            default: reader.unknownKey(entryKey, at: keyNode)
            }
        }
        guard let path else {
            if !entries.contains(where: { $0.key == "path" }) { reader.wrongShape("path", "a string", at: node) }
            return nil
        }
        return ModuleDependencySetting(path: path, imports: imports)
    }

    /// The access level, or nil with `I11` (located when it came from the config).
    static func accessControl(_ text: String, at location: SourceLocation?, reader: inout ConfigReader)
        -> AccessControlSetting?
    {
        guard let level = AccessControlSetting(rawValue: text) else {
            reader.report(
                Diagnostic(.invalidAccessLevel, text, at: location)
            )
            return nil
        }
        return level
    }

    /// The module name, or nil with `I17` (located when it came from the config).
    static func runtimeModule(_ text: String, at location: SourceLocation?, reader: inout ConfigReader) -> String? {
        guard ClassName.isSwiftIdentifier(text) else {
            reader.report(Diagnostic(.invalidRuntimeModule, text, at: location))
            return nil
        }
        return text
    }
}
