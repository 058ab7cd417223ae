/// Reads another module's `Deli.resolved`. `DEPENDENCY`, `PROPERTY`, `PROJECT`
/// and `REFERENCE` are required; everything else is optional, because files written by Deli lack `FORMAT`,
/// `ARRAY` and `PAYLOAD` and may omit `QUALIFIER`. Problems are `I14`.
enum ResolvedFileReader {
    /// Reads the resolved file `path` (a display path; a directory stands for `<dir>/Deli.resolved`), whose
    /// `dependencies` entry lists `imports`. Relative paths are opened relative to `currentDirectory` if given.
    static func read(path: String, imports: [String] = [], currentDirectory: String? = nil) -> (
        module: ResolvedModule?, diagnostics: [Diagnostic]
    ) {
        let file =
            LocalDisk.isDirectory(LocalDisk.fileSystemPath(path, relativeTo: currentDirectory))
            ? (path.hasSuffix("/") ? path : path + "/") + "Deli.resolved" : path
        switch YAMLParser.parseFile(file, currentDirectory: currentDirectory) {
        case .failure(.unreadable(let path, let reason)):
            return (nil, [Diagnostic(.cannotRead, path, reason)])
        case .failure(.invalid(_, let problem, let line, let column)):
            return (nil, [invalid(file, problem, at: SourceLocation(path: file, line: line, column: column))])
        case .failure(.multipleDocuments(_, let line, let column)):
            let location = SourceLocation(path: file, line: line, column: column)
            return (nil, [invalid(file, "expected a single document but found another", at: location)])
        case .success(nil):
            let reason =
                "the file is empty; expected a mapping with 'DEPENDENCY', 'PROPERTY', 'PROJECT' and 'REFERENCE'"
            return (nil, [invalid(file, reason, at: SourceLocation(path: file, line: 1, column: 1))])
        case .success(let root?):
            do {
                var module = try ResolvedFileDecoder(path: file).module(from: root)
                module.imports = imports
                return (module, [])
            } catch let error as ResolvedFileDecoder.Problem {
                return (nil, [invalid(file, error.reason, at: error.location)])
            } catch {
                return (nil, [invalid(file, "\(error)", at: nil)])
            }
        }
    }

    private static func invalid(_ path: String, _ reason: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.invalidResolvedFile, path, reason, at: location)
    }
}

/// Turns the YAML tree of a resolved file into imported registrations.
struct ResolvedFileDecoder {
    struct Problem: Error {
        var reason: String
        var location: SourceLocation
    }

    let path: String

    func module(from root: YAMLNode) throws -> ResolvedModule {
        let top = try mapping(root, "the top level")
        guard let entries = top["DEPENDENCY"] else { throw missing("DEPENDENCY", in: root) }
        guard top["PROPERTY"] != nil else { throw missing("PROPERTY", in: root) }
        guard let project = top["PROJECT"] else { throw missing("PROJECT", in: root) }
        guard let reference = top["REFERENCE"] else { throw missing("REFERENCE", in: root) }
        let registrations = try list(entries, "'DEPENDENCY'").map(registration)
        return ResolvedModule(
            path: path, project: try text(project, "'PROJECT'"), reference: try text(reference, "'REFERENCE'"),
            registrations: registrations)
    }

    private func registration(_ node: YAMLNode) throws -> Registration {
        let fields = try mapping(node, "a 'DEPENDENCY' entry")
        guard let typeNode = fields["TYPE"] else { throw missing("TYPE", in: node) }
        let type = try text(typeNode, "'TYPE'")
        guard !type.isEmpty else { throw Problem(reason: "'TYPE' must not be empty", location: location(typeNode)) }
        let id = RegistrationID(
            typeName: type, qualifier: try fields["QUALIFIER"].map { try text($0, "'QUALIFIER'") } ?? "")
        let isFactory = try flag(fields["FACTORY"], "'FACTORY'")
        let dependencies = try (fields["DEPENDENCY"].map { try list($0, "'DEPENDENCY' of '\(type)'") } ?? []).map {
            try dependency($0, owner: id)
        }
        return Registration(
            id: id, kind: .imported, scope: isFactory ? .prototype : .singleton, location: nil,
            isValueType: try flag(fields["VALUE_TYPE"], "'VALUE_TYPE'"),
            links: try (fields["LINK"].map { try list($0, "'LINK'") } ?? []).map { try text($0, "a 'LINK' entry") },
            dependencies: dependencies, importedIsFactory: isFactory,
            importedIsLazy: try flag(fields["LAZILY"], "'LAZILY'"))
    }

    private func dependency(_ node: YAMLNode, owner: RegistrationID) throws -> Dependency {
        let fields = try mapping(node, "a dependency of '\(owner.typeName)'")
        guard let typeNode = fields["TYPE"] else { throw missing("TYPE", in: node) }
        let qualifier = try fields["QUALIFIER"].map { try text($0, "'QUALIFIER'") } ?? ""
        return Dependency(
            typeName: try text(typeNode, "'TYPE'"), isArray: try flag(fields["ARRAY"], "'ARRAY'"),
            isPayload: try flag(fields["PAYLOAD"], "'PAYLOAD'"), qualifier: qualifier,
            qualifierBy: try fields["QUALIFIER_BY"].map { try text($0, "'QUALIFIER_BY'") },
            effectiveQualifier: qualifier, owner: owner, ownerTypeName: owner.typeName, location: location(node))
    }

    private func mapping(_ node: YAMLNode, _ what: String) throws -> [String: YAMLNode] {
        guard case .mapping(let pairs) = node.value else {
            throw Problem(reason: "\(what) must be a mapping", location: location(node))
        }
        var result: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar?.text else { continue }
            if result[key] == nil { result[key] = pair.value }
        }
        return result
    }

    /// A sequence; a null value (`KEY:` with nothing after it) is an empty one.
    private func list(_ node: YAMLNode, _ what: String) throws -> [YAMLNode] {
        switch node.value {
        case .sequence(let items): return items
        case .scalar(let scalar) where scalar.kind == .null: return []
        default: throw Problem(reason: "\(what) must be a list", location: location(node))
        }
    }

    /// A scalar's text; null is `""`.
    private func text(_ node: YAMLNode, _ what: String) throws -> String {
        guard let scalar = node.scalar else {
            throw Problem(reason: "\(what) must be a value", location: location(node))
        }
        return scalar.kind == .null ? "" : scalar.text
    }

    private func flag(_ node: YAMLNode?, _ what: String) throws -> Bool {
        guard let node else { return false }
        guard let scalar = node.scalar, scalar.kind == .bool else {
            throw Problem(reason: "\(what) must be true or false", location: location(node))
        }
        return scalar.text.lowercased() == "true"
    }

    private func missing(_ key: String, in node: YAMLNode) -> Problem {
        Problem(reason: "missing key '\(key)'", location: location(node))
    }

    private func location(_ node: YAMLNode) -> SourceLocation { node.location(in: path) }
}
