/// libyaml rejects UTF-16 surrogate escapes, which JSON uses for characters outside the BMP. Each valid
/// `\uD8xx\uDCxx` pair inside a double-quoted string becomes the equivalent `\UXXXXXXXX` escape;
/// a lone surrogate is left for libyaml to reject.
enum JSONSurrogates {
    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if let pair = surrogatePair(bytes, at: index) {
                    output.append(contentsOf: Array(longEscape(pair).utf8))
                    index += 12
                    continue
                }
                output.append(byte)
                output.append(bytes[index + 1])
                index += 2
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// The code point of a `\uHHHH\uLLLL` surrogate pair starting at `index`.
    private static func surrogatePair(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard let high = escapedUnit(bytes, at: index), (0xD800...0xDBFF).contains(high),
            let low = escapedUnit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// The value of a `\uHHHH` escape starting at `index`.
    private static func escapedUnit(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        let digits = bytes[(index + 2)..<(index + 6)]
        guard digits.allSatisfy({ UInt8(ascii: "0") <= $0 && $0 <= UInt8(ascii: "9") || isHexLetter($0) }) else {
            return nil
        }
        return UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    }

    private static func isHexLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func longEscape(_ codePoint: UInt32) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
