/// Swift string literal bodies for generated code. Because every backslash is
/// escaped, no `\(` can start an interpolation, whatever the property files or sources contain.
enum SwiftStringLiteral {
    /// `text` escaped for use between double quotes.
    static func body(_ text: String) -> String {
        ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\0": "\\0"
            default: isControl(scalar) ? "\\u{" + hex(scalar.value) + "}" : nil
            }
        }
    }

    /// `text` as a complete literal, quotes included.
    static func quoted(_ text: String) -> String { text.isEmpty ? "\"\"" : "\"" + body(text) + "\"" }

    /// C0 controls, DEL and C1 controls: characters a reader cannot see in the generated file.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
