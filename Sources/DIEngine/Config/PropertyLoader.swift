/// Loads property files and folds them into one tree.
enum PropertyLoader {
    /// Merges `files` (display paths in application order) left to right. A file listed several times is
    /// parsed once and applied at every position; a file with errors contributes nothing. Relative paths
    /// are opened relative to `currentDirectory` when given, else the process's.
    static func load(
        _ files: [String], currentDirectory: String? = nil
    ) -> (tree: PropertyNode, diagnostics: [Diagnostic]) {
        var parsed: [String: PropertyNode?] = [:]
        var diagnostics: [Diagnostic] = []
        var tree = PropertyNode.emptyMapping
        for file in files {
            if parsed[file] == nil {
                let (node, problems) = loadFile(file, currentDirectory: currentDirectory)
                parsed[file] = .some(node)
                diagnostics += problems
            }
            if case .some(.some(let node)) = parsed[file] { tree = PropertyMerge.merge(tree, node) }
        }
        return (tree, diagnostics)
    }

    /// One file's tree, or nil when it is empty or invalid.
    static func loadFile(_ path: String, currentDirectory: String?) -> (PropertyNode?, [Diagnostic]) {
        tree(of: YAMLParser.parseFile(path, currentDirectory: currentDirectory), path: path)
    }

    /// One parsed file's tree, or nil when it is empty or invalid.
    static func tree(of parsed: YAMLParse, path: String) -> (PropertyNode?, [Diagnostic]) {
        switch parsed {
        case .failure(.multipleDocuments(_, let line, let column)):
            return (nil, [notOneMapping(path, line: line, column: column)])
        case .failure(let error):
            return (nil, [error.diagnostic])
        case .success(nil):
            return (nil, [])
        case .success(let root?):
            if case .scalar(let scalar) = root.value, scalar.style == .plain, scalar.text.isEmpty, scalar.tag == nil {
                return (nil, [])  // a document holding only `---` is as empty as an empty file
            }
            guard case .mapping = root.value else {
                return (nil, [notOneMapping(path, line: root.line, column: root.column)])
            }
            var diagnostics: [Diagnostic] = []
            let tree = convert(root, path: path, diagnostics: &diagnostics)
            return diagnostics.isEmpty ? (tree, []) : (nil, diagnostics)
        }
    }

    private static func notOneMapping(_ path: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(
            .propertyFileNotMapping,
            at: SourceLocation(path: path, line: line, column: column))
    }

    private static func convert(_ node: YAMLNode, path: String, diagnostics: inout [Diagnostic]) -> PropertyNode {
        let origin = node.location(in: path)
        switch node.value {
        case .scalar(let scalar):
            return PropertyNode(.scalar(PropertyScalar(text: scalar.text, kind: scalar.kind)), origin: origin)
        case .sequence(let items):
            return PropertyNode(.list(items.map { convert($0, path: path, diagnostics: &diagnostics) }), origin: origin)
        case .mapping(let pairs):
            var entries: [String: PropertyNode] = [:]
            var firstKeys: [String: YAMLNode] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar?.text else {
                    diagnostics.append(
                        Diagnostic(
                            .keyNotScalar, path,
                            at: pair.key.location(in: path)))
                    continue
                }
                if let first = firstKeys[key] {
                    diagnostics.append(duplicateKey(key, at: pair.key, first: first, path: path))
                    continue
                }
                firstKeys[key] = pair.key
                entries[key] = convert(pair.value, path: path, diagnostics: &diagnostics)
            }
            return PropertyNode(.mapping(entries), origin: origin)
        }
    }

    /// `I09` at the second occurrence with a note at the first; shared with the config loader.
    static func duplicateKey(_ key: String, at second: YAMLNode, first: YAMLNode, path: String) -> Diagnostic {
        Diagnostic(
            .duplicateKey, key, at: second.location(in: path),
            notes: [DiagnosticNote(.firstDefinedHere, at: first.location(in: path))])
    }
}

/// The deep merge of property files: mappings merge recursively, anything else is replaced by the
/// later value (lists are never concatenated; a later `null` replaces too).
enum PropertyMerge {
    static func merge(_ earlier: PropertyNode, _ later: PropertyNode) -> PropertyNode {
        guard case .mapping(var merged) = earlier.value, case .mapping(let additions) = later.value else {
            return later
        }
        for (key, node) in additions {
            merged[key] = merged[key].map { merge($0, node) } ?? node
        }
        // The mapping keeps the place where it was first defined.
        return PropertyNode(.mapping(merged), origin: earlier.origin ?? later.origin)
    }
}
