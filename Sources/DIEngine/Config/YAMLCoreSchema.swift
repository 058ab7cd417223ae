/// Resolution of plain scalars under the YAML 1.2 core schema. YAML 1.1 words such
/// as `yes`/`on` and timestamps stay strings.
enum YAMLCoreSchema {
    static func kind(ofPlain text: String) -> ScalarKind {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .bool
        case ".nan", ".NaN", ".NAN": return .float
        default: break
        }
        let bytes = Array(text.utf8)
        if isInteger(bytes) { return .int }
        if isFloat(bytes) { return .float }
        return .string
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// The length of a leading `[-+]?`.
    private static func signLength(_ bytes: [UInt8]) -> Int {
        bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? 1 : 0
    }

    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = bytes[2...]
            if bytes[1] == UInt8(ascii: "o") {
                return digits.allSatisfy { $0 >= 0x30 && $0 <= 0x37 }
            }
            if bytes[1] == UInt8(ascii: "x") { return digits.allSatisfy(isHexDigit) }
        }
        let digits = bytes[signLength(bytes)...]
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` or `[-+]?\.(inf|Inf|INF)`.
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = signLength(bytes)
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        if rest == ".inf" || rest == ".Inf" || rest == ".INF" { return true }

        func skipDigits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        let integerDigits = skipDigits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionDigits = skipDigits()
            if integerDigits == 0 && fractionDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if skipDigits() == 0 { return false }
        }
        return index == bytes.count
    }
}
