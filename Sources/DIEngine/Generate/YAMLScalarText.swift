/// Scalar spellings for the resolved file: plain where any YAML reader (1.1 or 1.2)
/// reads the text back as the same string, double-quoted with YAML escapes otherwise.
enum YAMLScalarText {
    /// Plain when safe, else double-quoted (names, qualifiers, keys, paths).
    static func string(_ text: String) -> String {
        // The empty qualifier of most registrations and dependencies.
        if text.isEmpty { return "\"\"" }
        return isPlainSafe(text) ? text : doubleQuoted(text)
    }

    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0x22: out += "\\\""
            case 0x00: out += "\\0"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x1B: out += "\\e"
            case 0x85: out += "\\N"
            case 0x2028: out += "\\L"
            case 0x2029: out += "\\P"
            case 0xFEFF: out += "\\uFEFF"
            case 0x01..<0x20, 0x7F...0x9F: out += "\\x" + twoHexDigits(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `string(text)` as a piece of the line being written: a plain scalar is appended as it is, without
    /// a string returned for it (a retain and release per name of the resolved file).
    static func append(_ text: String, to writer: inout CodeWriter) {
        if text.isEmpty { return writer.append("\"\"") }
        writer.append(isPlainSafe(text) ? text : doubleQuoted(text))
    }

    /// Letters, digits and `_./$-`, starting with a letter, `_`, `/` or `$`, and not a word that a YAML
    /// 1.1 or 1.2 reader resolves to null or a boolean. Numbers cannot qualify (they start with a digit
    /// or sign), so every plain result is a string under both schemas.
    private static func isPlainSafe(_ text: String) -> Bool {
        // Every allowed character is ASCII, so the UTF-8 bytes are checked (a non-ASCII byte fails), in
        // place: the generic `utf8.first` and `allSatisfy` cost more than the check, and `withUTF8` on a
        // copy of the string retained and released it.
        func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = bytes.first, isLetter(first) || isPlainStart(first) else { return false }
            for byte in bytes where !(isLetter(byte) || isDigit(byte) || isPlainInner(byte)) { return false }
            return true
        }
        // A string without contiguous UTF-8 (bridged, on Darwin) is copied.
        guard text.utf8.withContiguousStorageIfAvailable(isPlain) ?? Array(text.utf8).withUnsafeBufferPointer(isPlain)
        else { return false }
        return text.utf8.count > longestReservedWord || !reservedWords.contains(text.lowercased())
    }

    /// `_`, `/` or `$`: compared, not looked up in an array (a static's every use checks its initialiser).
    private static func isPlainStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "$")
    }

    /// `_./$-`.
    private static func isPlainInner(_ byte: UInt8) -> Bool {
        isPlainStart(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static let reservedWords: Set<String> = [
        "null", "true", "false", "yes", "no", "on", "off", "y", "n",
    ]

    /// Longer names cannot be reserved words, so they skip the lowercased copy.
    private static let longestReservedWord = 5

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func twoHexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
