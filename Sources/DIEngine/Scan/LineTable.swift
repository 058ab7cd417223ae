/// Maps UTF-8 byte offsets to 1-based line and byte-column positions.
///
/// Built straight from the bytes (rather than with `SourceLocationConverter`, which copies the text and
/// walks the tree again) because the scanner converts many positions per file. Line breaks are `\n`,
/// `\r\n` and a lone `\r`, as in swift-syntax.
struct LineTable {
    private var lineStarts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    func position(ofOffset offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
