import Testing

@testable import DIEngine

/// Strings over memory never freed (`PermanentStrings`, `PermanentArena`): equal to, hashed and ordered like
/// the ordinary strings of the same bytes, copied on change, and made only for long ASCII text.
@Suite struct PermanentStringsTests {
    private let texts = [
        "Feature049.File04999ServiceImplementation", "Sources/Feature049/File04999.swift", "0123456789abcdef",
        "0123456789abcde", "short", "", "Caf\u{E9}ServiceWithAnAccentLongerThan15", "Cafe\u{301}ServiceLongerThan15",
    ]

    /// `texts` read from one buffer, which is overwritten afterwards.
    private func made(_ texts: [String]) -> [String] {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in texts {
            ranges.append(bytes.count..<(bytes.count + text.utf8.count))
            bytes += text.utf8
            bytes.append(UInt8(ascii: "x"))  // not a NUL: the strings must end in their own copies
        }
        let strings = bytes.withUnsafeBytes { PermanentArena.strings(of: $0, ranges: ranges) }
        for index in bytes.indices { bytes[index] = UInt8(ascii: "?") }
        return strings
    }

    @Test func theRuntimeLaysOutImmortalStringsAsExpected() {
        #expect(PermanentStrings.isAvailable)
    }

    @Test func arenaStringsEqualOrdinaryStringsOfTheSameBytes() {
        let made = made(texts)
        #expect(made.map { Array($0.utf8) } == texts.map { Array($0.utf8) })
        #expect(made == texts)
        #expect(made.map(\.hashValue) == texts.map(\.hashValue))
        #expect(made.sorted() == texts.sorted())
        #expect(Set(made).count == Set(texts).count)
        var byName: [String: Int] = [:]
        for (index, string) in made.enumerated() { byName[string] = index }
        #expect(byName[texts[0]] == 0 && byName[texts[1]] == 1)
        // As C strings (a literal's bytes end in a NUL, which `withCString` takes for granted).
        #expect(made.map { $0.withCString { String(cString: $0) } } == texts)
    }

    @Test func onlyLongASCIIStringsAreMadeImmortal() {
        for (text, made) in zip(texts, made(texts)) {
            var made = made
            let isLongASCII = text.utf8.count > PermanentStrings.inlineCapacity && text.utf8.allSatisfy { $0 < 0x80 }
            #expect(PermanentStrings.isImmortal(made) == isLongASCII, "\(text)")
            // A change copies: the permanent bytes stay as they were.
            let before = made
            made.append("!")
            #expect(!PermanentStrings.isImmortal(made))
            #expect(made == text + "!" && before == text)
        }
        #expect(!PermanentStrings.isImmortal(String(decoding: Array(texts[0].utf8), as: UTF8.self)))
    }
}
