/// Accumulates lines of generated text with an indentation level. Empty lines never carry indentation,
/// so the output has no trailing and no whitespace-only lines.
struct CodeWriter {
    private(set) var lines: [String] = []
    private var level = 0
    private let unit: String

    init(indentUnit: String = "    ") {
        unit = indentUnit
    }

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: unit, count: level) + text)
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// The lines joined with LF, ending in exactly one newline (none when there are no lines).
    var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
