import Testing

@testable import DIEngine

/// The candidate index's names against the dictionary they replace: the same positions for the same
/// `String`s, canonically equivalent spellings included, before and after a name that is not ASCII.
@Suite struct IndexedNamesTests {
    /// Numbers names as a `[String: Int]` would, in the order they were first inserted.
    private struct Reference {
        var positions: [String: Int] = [:]
        mutating func insert(_ name: String) -> Int {
            if let position = positions[name] { return position }
            positions[name] = positions.count
            return positions.count - 1
        }
    }

    // "\u{212A}" (Kelvin sign) is canonically "K"; "é" has two spellings; "\r\n" is one character.
    private static let pool = [
        "K", "\u{212A}", "é", "e\u{301}", "Service", "ServiceImpl", "A", "B", "Z", "", "a\r\nb", "Caf\u{E9}",
    ]

    @Test func positionsMatchADictionaryOfStrings() {
        var generator = SeededGenerator(seed: 23)
        for round in 0..<300 {
            // Half of the rounds insert only ASCII names, then look up every name of the pool.
            let asciiOnly = round % 2 == 0
            let candidates = asciiOnly ? Self.pool.filter(ByteOrder.isASCII) : Self.pool
            var names = IndexedNames(minimumCapacity: Int.random(in: 0...4, using: &generator))
            var reference = Reference()
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let name = candidates.randomElement(using: &generator)!
                #expect(names.insert(name) == reference.insert(name))
            }
            #expect(names.count == reference.positions.count)
            for name in Self.pool + ["Unknown"] {
                #expect(names.position(of: name) == reference.positions[name])
            }
        }
    }

    /// Thousands of names: the slots grow several times and every name keeps its position.
    @Test func growingKeepsEveryPosition() {
        var names = IndexedNames()
        let all = (0..<5000).map { "Type\($0)" }
        for (position, name) in all.enumerated() { #expect(names.insert(name) == position) }
        for (position, name) in all.enumerated() where position % 7 == 0 {
            #expect(names.position(of: name) == position)
            #expect(names.insert(name) == position)
        }
        #expect(names.position(of: "Type5000") == nil)
        #expect(names.insert("Caf\u{E9}") == 5000)
        #expect(names.position(of: "Cafe\u{301}") == 5000)
        #expect(names.position(of: "Type4999") == 4999)
    }
}
