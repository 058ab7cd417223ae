import TestSupport
import Testing

@testable import DIEngine

@Suite struct CodeWriterTests {
    @Test func aLineInPiecesIsTheLineOfTheirConcatenation() {
        let lines: [[String]] = [["a", "b"], ["let ", "_0", " = x", "", "!"], ["", ""], ["é", "\u{1F600}", "z"]]
        var pieces = CodeWriter(indentUnit: "  ")
        var whole = CodeWriter(indentUnit: "  ")
        for line in lines {
            let padded = line + Array(repeating: "", count: 5 - line.count)
            pieces.indented { $0.line(padded[0], padded[1], padded[2], padded[3], padded[4]) }
            whole.indented { $0.line(line.joined()) }
            if !line.joined().isEmpty {
                pieces.line { writer in
                    for piece in line { writer.append(piece) }
                }
                whole.line(line.joined())
            }
        }
        #expect(pieces.text == whole.text)
        #expect(pieces.bytes == Array(whole.text.utf8))
    }

    @Test func aNumberPieceIsItsDecimalText() {
        for number in Array(-12...2_100) + [Int.max, Int.min, 1_000_000] {
            var writer = CodeWriter()
            writer.line { $0.append(number) }
            #expect(writer.text == "\(number)\n")
        }
    }

    @Test func nestedBlocksAreIndentedOnceMorePerLevelEachTimeTheyAreEntered() {
        // Deeper than 15 bytes of indentation, entered again after leaving: the kept levels are reused.
        func nest(_ depth: Int, _ writer: inout CodeWriter) {
            writer.line("level \(depth)")
            guard depth < 6 else { return }
            writer.indented { nest(depth + 1, &$0) }
            writer.line("end \(depth)")
        }
        var writer = CodeWriter()
        nest(0, &writer)
        nest(0, &writer)
        var expected = ""
        for depth in 0...6 { expected += String(repeating: " ", count: 4 * depth) + "level \(depth)\n" }
        for depth in (0..<6).reversed() { expected += String(repeating: " ", count: 4 * depth) + "end \(depth)\n" }
        #expect(writer.text == expected + expected)
    }

    @Test func emptyPiecesMakeAnEmptyLineWithoutIndentation() {
        var writer = CodeWriter()
        writer.indented { $0.line("", "", "", "", "") }
        writer.line("x")
        #expect(writer.text == "\nx\n")
        #expect(writer.lines == ["", "x"])
    }

    @Test func theRecordedStampOfBytesIsTheStampOfTheirText() throws {
        let directory = try TemporaryDirectory()
        // Larger than one chunk of the file hash, so an equal file on disk is hashed in several reads.
        let text = String(repeating: "let value = \"é\"\n", count: 10_000)
        let path = try directory.write("F.swift", text)
        let stamp = BuildRecord.OutputStamp(expecting: Array(text.utf8), at: path)
        #expect(stamp == BuildRecord.OutputStamp(expecting: text, at: path))
        #expect(stamp.modificationTime != nil)
        #expect(stamp.size == UInt64(text.utf8.count))
        // Same size, other bytes: no mtime, since the file will be rewritten.
        let other = String(text.dropLast(2)) + "x\n"
        let changed = BuildRecord.OutputStamp(expecting: Array(other.utf8), at: path)
        #expect(changed.size == stamp.size)
        #expect(changed.modificationTime == nil)
        #expect(changed.contentHash != stamp.contentHash)
    }
}
