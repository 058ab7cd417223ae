import Testing

@testable import DIEngine

/// The link state's table keyed by digests (`DigestTable`) holds what a `Dictionary` would after any
/// sequence of insertions, replacements and removals, including keys that collide in its slots.
@Suite struct DigestTableTests {
    @Test func randomChangesLeaveWhatADictionaryHolds() {
        var generator = SeededGenerator(seed: 13)
        for round in 0..<40 {
            // Few distinct keys in some rounds (many replacements and removals of present keys), many in others;
            // some keys differ only in their high bits, which the slots' hash must still tell apart.
            let distinct = round % 2 == 0 ? 24 : 3_000
            var table = DigestTable<Int>()
            var model: [UInt64: Int] = [:]
            if round % 3 == 0 { table.reserveCapacity(distinct) }
            for step in 0..<4_000 {
                let raw = generator.next() % UInt64(distinct)
                let key = round % 4 == 1 ? raw << 40 : raw &* 0x1_0000_0001
                if generator.next() % 3 == 0 {
                    table[key] = nil
                    model[key] = nil
                } else {
                    table[key] = step
                    model[key] = step
                }
                if step % 500 == 0 { #expect(table.count == model.count) }
            }
            #expect(table.count == model.count)
            for (key, value) in model {
                #expect(table[key] == value)
                #expect(table.index(forKey: key).map { table.keys[$0] } == key)
            }
            #expect(table.index(forKey: UInt64.max) == nil)
            var iterated: [UInt64: Int] = [:]
            for (key, value) in table { iterated[key] = value }
            #expect(iterated == model)
        }
    }

    @Test func tablesAreEqualWhateverTheirOrder() {
        var forward: DigestTable<String> = [1: "a", 2: "b", 3: "c"]
        let backward: DigestTable<String> = [3: "c", 2: "b", 1: "a"]
        #expect(forward == backward)
        forward[2] = "B"
        #expect(forward != backward)
        forward[2] = nil
        #expect(forward != backward)
        #expect(forward.count == 2 && forward[1] == "a" && forward[3] == "c")
    }

    @Test func changesBetweenTablesMoveOneIntoTheOther() {
        let old: DigestTable<String> = [1: "kept", 2: "replaced", 3: "gone"]
        let new: DigestTable<String> = [1: "kept", 2: "REPLACED", 4: "added"]
        var changes = TableChanges(from: old, to: new)
        #expect(Set(changes.upserts.map(\.key)) == [2, 4])
        #expect(changes.removals == [3])
        var moved = old
        changes.move(into: &moved)
        #expect(moved == new)
        #expect(changes.isEmpty)
        #expect(TableChanges(from: new, to: new).isEmpty)
    }
}
