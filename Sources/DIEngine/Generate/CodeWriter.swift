/// Accumulates lines of generated text with an indentation level. Empty lines never carry indentation,
/// so the output has no trailing and no whitespace-only lines.
struct CodeWriter {
    /// The lines written so far, each ending in LF (empty when there are no lines). Appended to in place:
    /// a factory of thousands of registrations is one growing buffer, not an array of line strings joined
    /// at the end.
    private(set) var text = ""
    private let unit: String
    /// `unit` once per enclosing `indented`, kept so that a line does not build its indentation again.
    private var indentation = ""

    /// `capacity`: the bytes the text is expected to reach, reserved up front so that a megabyte of
    /// generated code is not copied each time the buffer doubles.
    init(indentUnit: String = "    ", reservingCapacity capacity: Int = 0) {
        unit = indentUnit
        if capacity > 0 { text.reserveCapacity(capacity) }
    }

    mutating func line(_ line: String = "") {
        if !line.isEmpty {
            text += indentation
            text += line
        }
        text += "\n"
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        let outer = indentation
        indentation += unit
        body(&self)
        indentation = outer
    }

    /// The lines written, without their LFs.
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
