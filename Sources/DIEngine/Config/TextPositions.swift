/// Converts libyaml marks (0-based line, 0-based column in characters) and byte offsets into the
/// 1-based line and UTF-8 byte column that diagnostics use.
struct TextPositions {
    private let bytes: [UInt8]
    /// Byte offset of the first character of every line, split the way libyaml counts lines
    /// (CR LF, CR, LF, NEL, LS and PS are line breaks).
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var starts = [bytes.starts(with: byteOrderMark) ? 3 : 0]
        var index = 0
        while index < bytes.count {
            let breakLength = Self.lineBreakLength(bytes, at: index)
            if breakLength > 0 {
                index += breakLength
                starts.append(index)
            } else {
                index += 1
            }
        }
        lineStarts = starts
    }

    private static func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2: return byte(1) == 0x85 ? 2 : 0
        case 0xE2: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The last converted mark, so walking a long line (minified JSON) stays linear: libyaml's marks
    /// arrive in increasing order.
    private var cursor = (line: -1, characterColumn: 0, offset: 0)

    /// The 1-based line and byte column of a libyaml mark.
    mutating func position(line: Int, characterColumn: Int) -> (line: Int, column: Int) {
        guard line >= 0, line < lineStarts.count else { return (max(line, 0) + 1, characterColumn + 1) }
        var (offset, walked) = (lineStarts[line], 0)
        if cursor.line == line, cursor.characterColumn <= characterColumn {
            (offset, walked) = (cursor.offset, cursor.characterColumn)
        }
        while walked < characterColumn, offset < bytes.count {
            offset += Self.sequenceLength(leadByte: bytes[offset])
            walked += 1
        }
        cursor = (line, walked, offset)
        return (line + 1, offset - lineStarts[line] + 1 + (characterColumn - walked))
    }

    /// The 1-based line and byte column of a byte offset.
    func position(byteOffset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= byteOffset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, max(byteOffset - lineStarts[low], 0) + 1)
    }

    private static func sequenceLength(leadByte: UInt8) -> Int {
        switch leadByte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
