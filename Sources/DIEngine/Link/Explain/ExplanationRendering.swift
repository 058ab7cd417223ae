extension DependencyExplanation {
    /// A tree for a terminal: each registration, then its dependencies, each followed by what satisfies it
    /// or why nothing does.
    var text: String {
        var out = ""
        if viaSupertype {
            out += "'\(typeName)' has no registration of its own; it is provided by:\n"
        }
        for root in roots { root.textTree.render(prefix: "", childPrefix: "", into: &out) }
        return out
    }

    var json: String {
        let query: [(String, JSONValue)] = [
            ("type", .string(typeName)), ("qualifier", qualifier.map(JSONValue.string) ?? .null),
        ]
        return JSONValue.object([
            ("format", .string("dibuild-why-1")), ("query", .object(query)), ("viaSupertype", .bool(viaSupertype)),
            ("roots", .array(roots.map(\.json))),
        ]).rendered(indent: "") + "\n"
    }
}

/// A line and the lines below it, drawn with box-drawing characters.
private struct TextTree {
    var line: String
    var children: [TextTree]

    init(_ line: String, _ children: [TextTree] = []) {
        self.line = line
        self.children = children
    }

    func render(prefix: String, childPrefix: String, into out: inout String) {
        out += prefix + line + "\n"
        for (position, child) in children.enumerated() {
            let isLast = position == children.count - 1
            child.render(
                prefix: childPrefix + (isLast ? "└─ " : "├─ "), childPrefix: childPrefix + (isLast ? "   " : "│  "),
                into: &out)
        }
    }
}

extension DependencyExplanation.Node {
    fileprivate var textTree: TextTree {
        var facts: [String] = []
        if let registration {
            if registration.kind == .imported {
                facts.append("registered by another module")
            } else {
                facts.append("\(registration.kind.rawValue), \(registration.scope.rawValue)")
            }
            if let location = registration.location { facts.append(GraphExport.describe(location)) }
            if let configuration = registration.configurationType, let property = registration.configPropertyName {
                facts.append("registered by \(configuration).\(property)")
            }
        } else {
            facts.append("not registered")
        }
        var line = id.displayName + " — " + facts.joined(separator: ", ")
        let loop = cycle.map(\.displayName).joined(separator: " -> ")
        switch expansion {
        case .expanded, .imported: break
        case .seenAbove: line += " (see above)"
        case .cycle: line += " ↺ cycle: " + loop
        case .lazyCycle: line += " ↺ cycle: " + loop + ", broken by lazy injection"
        case .unknown: line += " (dependencies unknown: its file has errors)"
        }
        return TextTree(line, dependencies.map(\.textTree))
    }

    fileprivate var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .string(id.description)), ("type", .string(id.typeName)), ("qualifier", .string(id.qualifier)),
            ("kind", registration.map { .string($0.kind.rawValue) } ?? .null),
            ("scope", registration.map { .string($0.scope.rawValue) } ?? .null),
            ("location", registration?.location.map { .string(GraphExport.describe($0)) } ?? .null),
            ("expansion", .string(expansion.rawValue)),
        ]
        if expansion == .expanded { fields.append(("dependencies", .array(dependencies.map(\.json)))) }
        if !cycle.isEmpty { fields.append(("cycle", .array(cycle.map { .string($0.description) }))) }
        return .object(fields)
    }
}

extension DependencyExplanation.Edge {
    /// `needs [Book], qualifier 'Novel' (argument label), lazy — path:line:col`
    fileprivate var textTree: TextTree {
        var marks: [String] = []
        if let property = dependency.qualifierBy {
            let value = status == .qualifierPropertyMissing ? "" : " = '\(dependency.effectiveQualifier)'"
            marks.append("qualifier from property '\(property)'\(value)")
        } else if !dependency.qualifier.isEmpty {
            let label = dependency.qualifierFromLabel != nil ? " (argument label)" : ""
            marks.append("qualifier '\(dependency.qualifier)'\(label)")
        }
        if !dependency.isEager { marks.append("lazy") }
        if dependency.isPayload { marks.append("payload") }
        let name = dependency.isArray ? "[\(dependency.typeName)]" : dependency.typeName
        let line =
            "needs " + ([name] + marks).joined(separator: ", ") + " — " + GraphExport.describe(dependency.location)
        var children = satisfiedBy.map(\.textTree)
        if let diagnostic {
            let notes = diagnostic.notes.map { note in
                TextTree(
                    "note: " + note.message + (note.location.map { " — " + GraphExport.describe($0) } ?? ""))
            }
            children.append(TextTree("✗ \(diagnostic.severity.rawValue): \(diagnostic.message)", notes))
        } else if status == .qualifierPropertyMissing {
            children.append(TextTree("✗ no qualifier: property '\(dependency.qualifierBy ?? "")' is missing"))
        }
        for rejection in rejected {
            let place = rejection.location.map { " (" + GraphExport.describe($0) + ")" } ?? ""
            children.append(TextTree("rejected \(rejection.id.displayName)\(place): \(rejection.reason)"))
        }
        return TextTree(line, children)
    }

    fileprivate var json: JSONValue {
        .object([
            ("type", .string(dependency.typeName)), ("qualifier", .string(dependency.effectiveQualifier)),
            ("qualifierBy", dependency.qualifierBy.map(JSONValue.string) ?? .null),
            ("array", .bool(dependency.isArray)), ("payload", .bool(dependency.isPayload)),
            ("lazy", .bool(!dependency.isEager)), ("location", .string(GraphExport.describe(dependency.location))),
            ("status", .string(status.rawValue)),
            ("diagnostic", diagnostic.map { .string($0.severity.rawValue + ": " + $0.message) } ?? .null),
            ("satisfiedBy", .array(satisfiedBy.map(\.json))),
            (
                "rejected",
                .array(
                    rejected.map { rejection in
                        .object([
                            ("id", .string(rejection.id.description)),
                            ("location", rejection.location.map { .string(GraphExport.describe($0)) } ?? .null),
                            ("reason", .string(rejection.reason)),
                        ])
                    })
            ),
        ])
    }
}
