/// The `loadProperty([...])` call of the factory: the merged property tree as a
/// nested Swift collection literal whose leaves are the emitted texts of the scalars.
enum PropertyLiteralRenderer {
    static func appendLoadProperty(_ properties: PropertyNode, to writer: inout CodeWriter) {
        append(properties, prefix: "loadProperty(", suffix: ")", to: &writer)
    }

    /// Writes `node` so that its first line starts with `prefix` and its last line ends with `suffix`;
    /// the lines in between are indented one level deeper than the current one.
    private static func append(_ node: PropertyNode, prefix: String, suffix: String, to writer: inout CodeWriter) {
        switch node.value {
        case .scalar(let scalar):
            writer.line(prefix + SwiftStringLiteral.quoted(scalar.emittedText) + suffix)
        case .mapping(let mapping) where mapping.isEmpty:
            writer.line(prefix + "[:]" + suffix)
        case .list(let list) where list.isEmpty:
            writer.line(prefix + "[]" + suffix)
        case .mapping:
            writer.line(prefix + "[")
            writer.indented { writer in
                for entry in node.sortedEntries {
                    append(entry.node, prefix: SwiftStringLiteral.quoted(entry.key) + ": ", suffix: ",", to: &writer)
                }
            }
            writer.line("]" + suffix)
        case .list(let list):
            writer.line(prefix + "[")
            writer.indented { writer in
                for element in list {
                    append(element, prefix: "", suffix: ",", to: &writer)
                }
            }
            writer.line("]" + suffix)
        }
    }
}
