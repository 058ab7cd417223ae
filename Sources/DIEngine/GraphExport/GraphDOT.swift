extension GraphExport {
    /// `digraph dibuild { … }`: one node per registration, one edge per (owner, candidate) pair, solid when
    /// any dependency behind it is eager, dashed otherwise; nodes and edges sorted.
    static func dot(_ graph: LinkedGraph) -> String {
        var lines = ["digraph dibuild {"]
        var nodes: [String: String] = [:]
        for registration in sortedRegistrations(graph) {
            let id = registration.id
            let label =
                id.qualifier.isEmpty
                ? escaped(id.typeName) : escaped(id.typeName) + "\\n(" + escaped(id.qualifier) + ")"
            nodes[id.description] = "    \(quoted(id.description)) [label=\"\(label)\"];"
        }
        lines += nodes.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { nodes[$0] }
        var edges: [String: Bool] = [:]
        for owned in ownedDependencies(graph) {
            for candidate in owned.dependency.candidates {
                let key = quoted(owned.owner) + " -> " + quoted(candidate.description)
                edges[key] = (edges[key] ?? false) || owned.dependency.isEager
            }
        }
        for key in edges.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            lines.append("    " + key + (edges[key] == true ? ";" : " [style=dashed];"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }
}
