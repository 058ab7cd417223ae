/// `dibuild graph` output: the linked graph as JSON, Graphviz DOT or an HTML page.
public enum GraphExport {
    public enum Format: String, Sendable, CaseIterable {
        case dot, json, html
    }

    /// `diagnostics` and `title` are used by the HTML page only.
    static func render(
        _ graph: LinkedGraph, as format: Format, diagnostics: [Diagnostic] = [], title: String = ""
    ) -> String {
        switch format {
        case .dot: dot(graph)
        case .json: json(graph)
        case .html: html(graph, diagnostics: diagnostics, title: title)
        }
    }

    /// Local and imported registrations, sorted by id, then location.
    static func sortedRegistrations(_ graph: LinkedGraph) -> [Registration] {
        (graph.registrations + graph.importedRegistrations).sorted { lhs, rhs in
            let left = lhs.id.description
            let right = rhs.id.description
            if left != right { return left.utf8.lexicographicallyPrecedes(right.utf8) }
            switch (lhs.location, rhs.location) {
            case (let l?, let r?): return l < r
            case (.some, nil): return true
            default: return false
            }
        }
    }

    /// A dependency with the name of its owner: a registration id, or the type name of a non-registered one.
    struct OwnedDependency {
        var owner: String
        var dependency: Dependency
        /// Declared by another module (its owner is an imported registration).
        var isImported: Bool
    }

    static func ownedDependencies(_ graph: LinkedGraph) -> [OwnedDependency] {
        func owned(_ registrations: [Registration], imported: Bool) -> [OwnedDependency] {
            registrations.flatMap { registration in
                registration.dependencies.map {
                    OwnedDependency(owner: registration.id.description, dependency: $0, isImported: imported)
                }
            }
        }
        let all =
            owned(graph.registrations, imported: false) + owned(graph.importedRegistrations, imported: true)
            + graph.unownedDependencies.map {
                OwnedDependency(owner: $0.ownerTypeName, dependency: $0, isImported: false)
            }
        return all.sorted { lhs, rhs in
            let left = sortKey(lhs.owner, lhs.dependency)
            let right = sortKey(rhs.owner, rhs.dependency)
            return left.lexicographicallyPrecedes(right) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }

    private static func sortKey(_ owner: String, _ dependency: Dependency) -> [String] {
        let location = dependency.location
        return [
            owner, location.path, String(location.line + 1_000_000_000), String(location.column + 1_000_000_000),
            dependency.typeName, dependency.qualifier, dependency.qualifierBy ?? "", String(dependency.isArray),
            String(dependency.isPayload),
        ]
    }

    static func describe(_ location: SourceLocation) -> String {
        "\(location.path):\(location.line):\(location.column)"
    }
}
