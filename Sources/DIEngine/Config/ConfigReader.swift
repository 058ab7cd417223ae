/// Reads typed values out of `deli.yml` nodes, reporting a wrong shape as `I02` at the node and a
/// repeated key as `I09`. Collects diagnostics instead of stopping, so one run reports every problem.
struct ConfigReader {
    /// Display path of the config file.
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    func location(_ node: YAMLNode) -> SourceLocation { node.location(in: path) }

    mutating func wrongShape(_ key: String, _ expected: String, at node: YAMLNode) {
        report(Diagnostic(.invalidConfigShape, key, expected, at: location(node)))
    }

    /// The entries of a mapping keyed by text, first occurrence kept; nil (with `I02`) for another shape.
    mutating func mapping(_ node: YAMLNode, key: String) -> [(key: String, keyNode: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let pairs) = node.value else {
            wrongShape(key, "a mapping", at: node)
            return nil
        }
        var seen: [String: YAMLNode] = [:]
        var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
        for pair in pairs {
            guard let text = pair.key.scalar?.text else {
                report(Diagnostic(.keyNotScalar, path, at: location(pair.key)))
                continue
            }
            if let first = seen[text] {
                report(PropertyLoader.duplicateKey(text, at: pair.key, first: first, path: path))
                continue
            }
            seen[text] = pair.key
            entries.append((text, pair.key, pair.value))
        }
        return entries
    }

    /// Text of a non-null scalar.
    mutating func string(_ node: YAMLNode, key: String) -> String? {
        guard let scalar = node.scalar, scalar.kind != .null else {
            wrongShape(key, "a string", at: node)
            return nil
        }
        return scalar.text
    }

    /// A sequence of non-null scalars, each with its node.
    mutating func strings(_ node: YAMLNode, key: String) -> [(text: String, node: YAMLNode)]? {
        guard case .sequence(let items) = node.value else {
            wrongShape(key, "a list of strings", at: node)
            return nil
        }
        var result: [(text: String, node: YAMLNode)] = []
        for item in items {
            guard let scalar = item.scalar, scalar.kind != .null else {
                wrongShape(key, "a list of strings", at: item)
                return nil
            }
            result.append((scalar.text, item))
        }
        return result
    }

    /// A list of path entries relative to `base`.
    mutating func paths(_ node: YAMLNode, key: String, base: String) -> [PathEntry]? {
        strings(node, key: key)?.map { PathEntry(text: $0.text, base: base, location: location($0.node)) }
    }

    /// A core-schema boolean (`true`/`false` in any of their three spellings).
    mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
        guard let scalar = node.scalar, scalar.kind == .bool else {
            wrongShape(key, "a boolean", at: node)
            return nil
        }
        return scalar.text.lowercased() == "true"
    }

    mutating func unknownKey(_ key: String, at node: YAMLNode) {
        report(Diagnostic(.unknownConfigKey, key, at: location(node)))
    }
}
