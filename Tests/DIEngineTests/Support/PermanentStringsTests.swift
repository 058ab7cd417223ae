import Testing

@testable import DIEngine

/// Strings over memory never freed (`PermanentStrings`, `PermanentArena`): equal to, hashed and ordered like
/// the ordinary strings of the same bytes, copied on change, and made only for long ASCII text.
@Suite struct PermanentStringsTests {
    private let texts = [
        "Feature049.File04999ServiceImplementation", "Sources/Feature049/File04999.swift", "0123456789abcdef",
        "0123456789abcde", "short", "", "Caf\u{E9}ServiceWithAnAccentLongerThan15", "Cafe\u{301}ServiceLongerThan15",
    ]

    private func arena(_ texts: [String]) -> (PermanentArena, [Range<Int>]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in texts {
            ranges.append(bytes.count..<(bytes.count + text.utf8.count))
            bytes += text.utf8
        }
        return (bytes.withUnsafeBytes { PermanentArena(copying: $0) }, ranges)
    }

    @Test func theRuntimeLaysOutImmortalStringsAsExpected() {
        #expect(PermanentStrings.isAvailable)
    }

    @Test func arenaStringsEqualOrdinaryStringsOfTheSameBytes() {
        let (arena, ranges) = arena(texts)
        let made = ranges.map { arena.string($0) }
        #expect(made.map { Array($0.utf8) } == texts.map { Array($0.utf8) })
        #expect(made == texts)
        #expect(made.map(\.hashValue) == texts.map(\.hashValue))
        #expect(made.sorted() == texts.sorted())
        #expect(Set(made).count == Set(texts).count)
        var byName: [String: Int] = [:]
        for (index, string) in made.enumerated() { byName[string] = index }
        #expect(byName[texts[0]] == 0 && byName[texts[1]] == 1)
    }

    @Test func onlyLongASCIIStringsAreMadeImmortal() {
        let (arena, ranges) = arena(texts)
        for (text, range) in zip(texts, ranges) {
            var made = arena.string(range)
            let isLongASCII = text.utf8.count > PermanentStrings.inlineCapacity && text.utf8.allSatisfy { $0 < 0x80 }
            #expect(PermanentStrings.isImmortal(made) == isLongASCII, "\(text)")
            // A change copies: the arena's bytes stay as they were.
            made.append("!")
            #expect(!PermanentStrings.isImmortal(made))
            #expect(made == text + "!")
            #expect(arena.string(range) == text)
        }
        #expect(!PermanentStrings.isImmortal(String(decoding: Array(texts[0].utf8), as: UTF8.self)))
    }

    @Test func asciiIsRecognisedWordByWord() {
        for length in 0..<40 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(bytes.withUnsafeBytes { PermanentStrings.isASCII($0) })
            for position in bytes.indices {
                bytes[position] = 0xC3
                #expect(!bytes.withUnsafeBytes { PermanentStrings.isASCII($0) })
                bytes[position] = UInt8(ascii: "a")
            }
        }
    }
}
