import Testing

@testable import DIEngine

@Suite struct ByteOrderTests {
    @Test func sortsByUTF8BytesEvenWhereUnicodeOrderDiffers() {
        // "e" + combining acute (65 CC 81) and precomposed "é" (C3 A9) are equal as Swift Strings.
        let paths = ["b/x", "a/z", "a.swift", "é", "e\u{301}", "Z", "a/é", "a/e\u{301}", ""]
        let expected = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(ByteOrder.sorted(paths).map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        #expect(ByteOrder.sorted(["b", "a/b", "a.b", "A"]) == ["A", "a.b", "a/b", "b"])
    }

    @Test func strictlyIncreasingMeansSortedWithoutDuplicates() {
        #expect(ByteOrder.isStrictlyIncreasing(["A", "a.b", "a/b", "b"]) { $0 })
        #expect(ByteOrder.isStrictlyIncreasing([String]()) { $0 })
        #expect(!ByteOrder.isStrictlyIncreasing(["a", "a"]) { $0 })
        #expect(!ByteOrder.isStrictlyIncreasing(["a/b", "a.b"]) { $0 })
        // Equal as Swift Strings, but not the same bytes: ordered by bytes.
        #expect(ByteOrder.isStrictlyIncreasing(["e\u{301}", "é"]) { $0 })
    }

    @Test func affixesCompareBytes() {
        #expect(ByteOrder.hasSuffix("Main.swift", ".swift"))
        #expect(!ByteOrder.hasSuffix("swift", ".swift"))
        #expect(ByteOrder.hasPrefix("/a/b", "/a"))
        #expect(!ByteOrder.hasPrefix("e\u{301}x", "é"))
        #expect(ByteOrder.hasPrefix("", ""))
    }

    @Test func asciiIsRecognisedWordByWord() {
        for length in 0..<40 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(bytes.withUnsafeBytes { ByteOrder.isASCII($0) })
            for position in bytes.indices {
                bytes[position] = 0xC3
                #expect(!bytes.withUnsafeBytes { ByteOrder.isASCII($0) })
                bytes[position] = UInt8(ascii: "a")
            }
        }
    }
}
