/// Writes a property tree in block-style YAML: keys sorted, strings
/// double-quoted, other scalars in their original plain text, sequences not indented under their key.
enum YAMLPropertyWriter {
    /// Writes `key: value` (or `key:` and the nested block) at the writer's current indentation.
    static func append(_ node: PropertyNode, key: String, to writer: inout CodeWriter) {
        let label = YAMLScalarText.string(key) + ":"
        switch node.value {
        case .scalar(let scalar):
            writer.line(label + " " + text(of: scalar))
        case .mapping(let mapping) where mapping.isEmpty:
            writer.line(label + " {}")
        case .list(let list) where list.isEmpty:
            writer.line(label + " []")
        case .mapping:
            writer.line(label)
            writer.indented { appendMappingEntries(node, to: &$0) }
        case .list:
            writer.line(label)
            appendListItems(node, to: &writer)
        }
    }

    private static func appendMappingEntries(_ node: PropertyNode, to writer: inout CodeWriter) {
        for entry in node.sortedEntries { append(entry.node, key: entry.key, to: &writer) }
    }

    /// `- item` lines at the current indentation; a collection item starts on the dash line and its
    /// following lines are indented by the width of `- `.
    private static func appendListItems(_ node: PropertyNode, to writer: inout CodeWriter) {
        guard case .list(let items) = node.value else { return }
        for item in items {
            var nested = CodeWriter(indentUnit: "  ")
            switch item.value {
            case .scalar(let scalar): nested.line(text(of: scalar))
            case .mapping(let mapping) where mapping.isEmpty: nested.line("{}")
            case .list(let list) where list.isEmpty: nested.line("[]")
            case .mapping: appendMappingEntries(item, to: &nested)
            case .list: appendListItems(item, to: &nested)
            }
            for (index, line) in nested.lines.enumerated() {
                writer.line((index == 0 ? "- " : "  ") + line)
            }
        }
    }

    private static func text(of scalar: PropertyScalar) -> String {
        switch scalar.kind {
        case .string: YAMLScalarText.doubleQuoted(scalar.text)
        case .null: "null"
        case .bool, .int, .float: scalar.text
        }
    }
}
