import Testing

@testable import DIEngine

/// `HashSlots.forEachPosition` gives, in slot order, the positions `positions` lists: each filled slot's,
/// removed names and empty slots left out, also after the slots grew.
@Suite struct HashSlotsTests {
    @Test func eachPositionIsGivenOnceRemovedNamesLeftOutAlsoAfterGrowing() {
        var slots = HashSlots(minimumCapacity: 4)
        var hashes: [UInt64] = []
        var removed: Set<Int> = []
        for position in 0..<40 {
            let hash = TypeEntries.hash(of: "Name\(position)")
            if slots.isFull { slots.grow { hashes[$0] } }
            slots.fill(slots.emptySlot(for: hash), hash: hash, position: position)
            hashes.append(hash)
            if position % 7 == 3 {
                let found = slots.find(hash: hash) { $0 == position }
                #expect(found.position == position)
                slots.remove(at: found.slot)
                removed.insert(position)
            }
        }
        var given: [Int] = []
        slots.forEachPosition { given.append($0) }
        #expect(given == slots.positions)
        #expect(Set(given) == Set(0..<40).subtracting(removed))
        #expect(given.count == 40 - removed.count)
    }
}
