/// Escapes text one Unicode scalar at a time, for the three languages dibuild writes strings in: Swift
/// literals in the factory, JSON in `graph --format json`, and JSON inside the graph page's `<script>`.
/// Each gives only its table of replacements; the walk over the scalars is this one.
enum ScalarEscaping {
    /// `text` with every scalar for which `replacement` returns a string replaced by it.
    static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        // Most names and qualifiers need no escape: they are returned as they are, without a copy.
        guard text.unicodeScalars.contains(where: { replacement($0) != nil }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escaped = replacement(scalar) {
                out += escaped
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
