/// An open-addressing table of 8-byte slots finding records by the xxh3 of their name: each slot is 0
/// (empty), or the high half of a name's hash then its record's position plus one, or that half then
/// `removedMark` (a removed name: probes go on past it). Linear probing, three quarters full at most.
/// The records themselves are the owner's (`TypeEntries`, `AliasTable`): a probe compares the hash halves
/// and only then asks the owner whether the record at that position has the name.
struct HashSlots {
    private var slots: [UInt64]
    /// Slots not empty, removed names included.
    private var occupied = 0

    private static let removedMark: UInt64 = 0xFFFF_FFFF
    private static let lowHalf: UInt64 = 0xFFFF_FFFF

    init(minimumCapacity: Int = 0) {
        slots = Array(repeating: 0, count: Self.slotCount(for: minimumCapacity))
    }

    /// Where the record with this hash that `matches` is, or the empty slot ending its probe sequence.
    @inline(__always)
    func find(hash: UInt64, matches: (Int) -> Bool) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        let tag = hash & ~Self.lowHalf
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return (slot, nil) }
            let low = value & Self.lowHalf
            if value & ~Self.lowHalf == tag, low != Self.removedMark, matches(Int(low) - 1) {
                return (slot, Int(low) - 1)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether one more name would fill the table more than three quarters: `grow` first.
    var isFull: Bool { (occupied + 1) * 4 > slots.count * 3 }

    /// Gives the record at `position` the empty slot `find` (or `emptySlot`, after `grow`) returned.
    mutating func fill(_ slot: Int, hash: UInt64, position: Int) {
        slots[slot] = hash & ~Self.lowHalf | UInt64(position + 1)
        occupied += 1
    }

    /// Marks the name in `slot` (found by `find`) removed.
    mutating func remove(at slot: Int) {
        slots[slot] = slots[slot] & ~Self.lowHalf | Self.removedMark
    }

    /// The positions of the records that have a slot, in no particular order.
    var positions: [Int] {
        var positions: [Int] = []
        forEachPosition { positions.append($0) }
        return positions
    }

    /// `positions`, one by one in the same order, without an array of them.
    func forEachPosition(_ body: (Int) -> Void) {
        slots.withUnsafeBufferPointer { slots in
            for slot in slots {
                let low = slot & Self.lowHalf
                if low != 0 && low != Self.removedMark { body(Int(low) - 1) }
            }
        }
    }

    /// The sum of the first slot each of these hashes probes: the reads do not wait for each other, so a
    /// file's names take their cache misses together (`TypeEntries.touchSlots`).
    func touch(_ hashes: [UInt64]) -> UInt64 {
        let mask = slots.count - 1
        var sum: UInt64 = 0
        slots.withUnsafeBufferPointer { slots in
            for hash in hashes { sum &+= slots[Int(truncatingIfNeeded: hash) & mask] }
        }
        return sum
    }

    /// Doubles the slots, leaving removed names out; `hashOf` gives each held record's hash. Slots found
    /// before are then stale.
    mutating func grow(_ hashOf: (Int) -> UInt64) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        occupied = 0
        for value in old {
            let low = value & Self.lowHalf
            guard low != 0, low != Self.removedMark else { continue }
            slots[emptySlot(for: hashOf(Int(low) - 1))] = value
            occupied += 1
        }
    }

    /// The empty slot ending the probe sequence of `hash`.
    func emptySlot(for hash: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// The smallest power of two, at least 16, that holds `count` names at most three quarters full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots * 3 < count * 4 { slots *= 2 }
        return slots
    }
}
