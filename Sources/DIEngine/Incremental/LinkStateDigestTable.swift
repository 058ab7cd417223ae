// The link state's largest table, what each looked-up name's view depended on (24,000 entries on the
// generated 10k project), was a `Dictionary` read straight from the base record: a SipHash of every key,
// and each 56-byte entry stored into a random bucket of 1.8 MB of fresh memory, page by page in no order.
// Its keys are digests already (xxh3 of the name), so they need no hashing again, and a record lists them
// in one pass: the entries go one after the other, in the order read, and only a small index of positions
// (4 bytes a slot, at most half full) is written at random.

/// A table keyed by digests, with the part of `Dictionary`'s interface the link state uses. Entries are
/// kept densely in insertion order (a removal moves the last one into its place); `index(forKey:)` gives a
/// position in `keys` and `values`. Iteration order is unspecified, as a dictionary's.
struct DigestTable<Value>: ExpressibleByDictionaryLiteral {
    private(set) var keys: [UInt64] = []
    private(set) var values: [Value] = []
    /// Position of each entry plus one, 0 for an empty slot; a power of two, at least twice the count.
    private var slots: [Int32] = []

    init() {}

    init(dictionaryLiteral elements: (UInt64, Value)...) {
        reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// Room for `minimumCapacity` entries. The lists are sized with a little room to spare and never
    /// shrunk: sized exactly, every appended record's first new name copied the whole list to fresh memory.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if keys.capacity < minimumCapacity {
            let capacity = Swift.max(minimumCapacity + minimumCapacity / 32, keys.count * 2)
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }
        if slots.count < 2 * minimumCapacity { rehash(slotCount: Self.slotCount(for: minimumCapacity)) }
    }

    /// The position of `key`'s entry in `keys` and `values`.
    func index(forKey key: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                let mask = slots.count - 1
                var slot = Self.firstSlot(of: key, mask: mask)
                while true {
                    let stored = Int(slots[slot])
                    if stored == 0 { return nil }
                    if keys[stored - 1] == key { return stored - 1 }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    subscript(key: UInt64) -> Value? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let newValue { upsert(newValue, forKey: key) } else { remove(key) }
        }
    }

    /// One probe run finds the key's entry or the empty slot it goes in.
    mutating func upsert(_ value: consuming Value, forKey key: consuming UInt64) {
        if slots.count < 2 * (keys.count + 1) {
            rehash(slotCount: Self.slotCount(for: Swift.max(keys.count + 1, 2 * keys.count)))
        }
        let mask = slots.count - 1
        var slot = Self.firstSlot(of: key, mask: mask)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if keys[stored - 1] == key {
                values[stored - 1] = value
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count + 1)
        keys.append(key)
        values.append(value)
    }

    /// The first entry of each key of `pairs`, as `Dictionary(_:uniquingKeysWith: { first, _ in first })`.
    init(firstOf pairs: some Sequence<(UInt64, Value)>, count: Int) {
        reserveCapacity(count)
        for (key, value) in pairs where index(forKey: key) == nil { upsert(value, forKey: key) }
    }

    mutating func remove(_ key: UInt64) {
        guard let index = index(forKey: key) else { return }
        let mask = slots.count - 1
        // Backward-shift deletion keeps every probe run unbroken, with no tombstones.
        var hole = slot(holding: index)
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = Self.firstSlot(of: keys[Int(slots[next]) - 1], mask: mask)
            // The entry at `next` may move back to `hole` when its home is not in (hole, next].
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        let last = keys.count - 1
        if index != last {
            slots[slot(holding: last)] = Int32(index + 1)
            keys.swapAt(index, last)
            values.swapAt(index, last)
        }
        keys.removeLast()
        values.removeLast()
    }

    private func slot(holding index: Int) -> Int {
        let mask = slots.count - 1
        var slot = Self.firstSlot(of: keys[index], mask: mask)
        while Int(slots[slot]) != index + 1 { slot = (slot + 1) & mask }
        return slot
    }

    private func emptySlot(for key: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Self.firstSlot(of: key, mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        for index in keys.indices { slots[emptySlot(for: keys[index])] = Int32(index + 1) }
    }

    private static func slotCount(for capacity: Int) -> Int {
        var count = 8
        while count < 2 * capacity { count <<= 1 }
        return count
    }

    /// Fibonacci hashing: the digest's bits mixed by one multiplication, the top ones taken.
    private static func firstSlot(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}

extension DigestTable: Sequence {
    func makeIterator() -> some IteratorProtocol<(key: UInt64, value: Value)> {
        zip(keys, values).lazy.map { (key: $0, value: $1) }.makeIterator()
    }
}

extension DigestTable: Equatable where Value: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.keys.indices.allSatisfy { rhs[lhs.keys[$0]] == lhs.values[$0] }
    }
}

extension DigestTable: RecordTable {}

extension DigestTable: Sendable where Value: Sendable {}

extension TableChanges where Key == UInt64 {
    /// `move(into:)` for a digest table.
    mutating func move(into table: inout DigestTable<Value>) {
        // Not reserved: most upserts replace an entry, and the table grows its lists geometrically.
        while let (key, value) = upserts.popLast() { table.upsert(value, forKey: key) }
        for key in removals { table.remove(key) }
        removals = []
    }
}

extension TableChanges where Key == UInt64, Value: Equatable {
    /// The entries of `new` that `old` lacks or holds otherwise, and the keys of `old` that `new` lacks.
    init(from old: DigestTable<Value>, to new: DigestTable<Value>) {
        var added = 0
        for index in new.keys.indices {
            let key = new.keys[index]
            if let before = old.index(forKey: key) {
                if old.values[before] == new.values[index] { continue }
            } else {
                added += 1
            }
            upserts.append((key, new.values[index]))
        }
        if old.count + added != new.count { removals = old.keys.filter { new.index(forKey: $0) == nil } }
    }
}
