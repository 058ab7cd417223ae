extension GraphExport {
    /// One self-contained page (`GraphPageTemplate`) showing the linked graph and every diagnostic of the run
    /// on the node or edge it concerns. Same graph and diagnostics, same bytes.
    static func html(_ graph: LinkedGraph, diagnostics: [Diagnostic], title: String) -> String {
        let data = GraphPageData(graph: graph, diagnostics: diagnostics).json.compact
        return GraphPageTemplate.page(title: title, embeddedJSON: scriptSafe(data))
    }

    /// JSON that cannot end its `<script>` element or open a comment: `<`, `>` and `&` only occur inside
    /// JSON strings, where `\u003c` and friends mean the same character.
    static func scriptSafe(_ json: String) -> String {
        ScalarEscaping.escape(json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }
}

/// The page's data: nodes (registrations, then owners of dependencies that are not registered), edges (one
/// per dependency, pointing at its candidates) and diagnostics, cross-referenced by index.
struct GraphPageData {
    private var nodes: [JSONValue] = []
    private var edges: [JSONValue] = []
    private var problems: [JSONValue] = []

    init(graph: LinkedGraph, diagnostics: [Diagnostic]) {
        let sortedDiagnostics = DiagnosticReport(diagnostics).sorted()
        var attached: [SourceLocation: [Int]] = [:]
        var cycleEdges: Set<SourceLocation> = []
        for (index, diagnostic) in sortedDiagnostics.enumerated() {
            problems.append(Self.problem(diagnostic))
            guard let location = diagnostic.location else { continue }
            attached[location, default: []].append(index)
            if diagnostic.code == "Y01" {
                for note in diagnostic.notes { if let place = note.location { cycleEdges.insert(place) } }
            }
        }
        let edgeLocations = Set(Validator.checkedDependencies(of: graph).map(\.location))

        var registrationIndex: [RegistrationID: Int] = [:]
        var ownerIndex: [String: Int] = [:]
        for registration in GraphExport.sortedRegistrations(graph) {
            if registrationIndex[registration.id] == nil { registrationIndex[registration.id] = nodes.count }
            // A diagnostic at a dependency's location belongs to the edge, not to a node declared there.
            let diagnosticIndices =
                registration.location.map { edgeLocations.contains($0) ? [] : attached[$0] ?? [] } ?? []
            nodes.append(Self.node(registration, diagnostics: diagnosticIndices))
        }
        let owners = Dictionary(grouping: graph.unownedDependencies, by: \.ownerTypeName)
        for name in ByteOrder.sorted(Array(owners.keys)) {
            ownerIndex[name] = nodes.count
            let folder = owners[name]?.map(\.location).min().map { Self.folder(of: $0.path) } ?? "."
            nodes.append(
                .object([
                    ("id", .string(name)), ("type", .string(name)), ("qualifier", .string("")),
                    ("kind", .string("unregistered")), ("scope", .string("")), ("location", .string("")),
                    ("group", .string(folder)), ("links", .array([])), ("diagnostics", .array([])),
                ]))
        }
        for owned in GraphExport.ownedDependencies(graph) {
            let dependency = owned.dependency
            let from = dependency.owner.flatMap { registrationIndex[$0] } ?? ownerIndex[dependency.ownerTypeName]
            guard let from else { continue }
            let local = !owned.isImported
            let targets = dependency.candidates.compactMap { registrationIndex[$0] }
            edges.append(
                .object([
                    ("from", .number(from)), ("type", .string(dependency.typeName)),
                    ("qualifier", .string(dependency.effectiveQualifier)),
                    ("qualifierBy", dependency.qualifierBy.map(JSONValue.string) ?? .null),
                    ("array", .bool(dependency.isArray)), ("payload", .bool(dependency.isPayload)),
                    ("lazy", .bool(!dependency.isEager)),
                    ("location", .string(local ? GraphExport.describe(dependency.location) : "")),
                    ("to", .array(targets.map(JSONValue.number))),
                    ("cycle", .bool(local && cycleEdges.contains(dependency.location))),
                    ("diagnostics", .array(local ? (attached[dependency.location] ?? []).map(JSONValue.number) : [])),
                ]))
        }
    }

    var json: JSONValue {
        .object([
            ("format", .string("dibuild-graph-page-1")), ("nodes", .array(nodes)), ("edges", .array(edges)),
            ("diagnostics", .array(problems)),
        ])
    }

    private static func node(_ registration: Registration, diagnostics: [Int]) -> JSONValue {
        let location = registration.location.map(GraphExport.describe) ?? ""
        let group = registration.location.map { folder(of: $0.path) } ?? "other modules"
        return .object([
            ("id", .string(registration.id.description)), ("type", .string(registration.id.typeName)),
            ("qualifier", .string(registration.id.qualifier)), ("kind", .string(registration.kind.rawValue)),
            ("scope", .string(registration.scope.rawValue)), ("location", .string(location)),
            ("group", .string(group)), ("links", .array(registration.links.map(JSONValue.string))),
            ("diagnostics", .array(diagnostics.map(JSONValue.number))),
        ])
    }

    /// What a reader looks for first: missing, ambiguous, cycle and factory misuse stand out in the page.
    static func problemKind(_ diagnostic: Diagnostic) -> String {
        switch diagnostic.code {
        case "L01", "L05": "missing"
        case "L02": "ambiguous"
        case "Y01": "cycle"
        case "L03", "L04": "factory"
        case "L06": "duplicate"
        default: diagnostic.severity.rawValue
        }
    }

    private static func problem(_ diagnostic: Diagnostic) -> JSONValue {
        let text = DiagnosticReport.line(diagnostic.severity, diagnostic.message, diagnostic.location, color: false)
        let notes = diagnostic.notes.map { note in
            JSONValue.string(DiagnosticReport.line(.note, note.message, note.location, color: false).trimmedNewline)
        }
        return .object([
            ("severity", .string(diagnostic.severity.rawValue)), ("problem", .string(problemKind(diagnostic))),
            ("text", .string(text.trimmedNewline)), ("notes", .array(notes)),
        ])
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

extension String {
    fileprivate var trimmedNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
