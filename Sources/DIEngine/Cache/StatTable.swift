/// The cache's entries by key (absolute lexically normalised path), kept as the file stores them: an array
/// in the byte order of the keys, which is the walk's order (`PathOrderKey`), plus the few keys added since.
/// The precheck goes through the array beside the walk (`StoredKeyCursor`) and reaches an entry by its
/// position, so that a no-op build neither builds a dictionary of ten thousand paths while loading nor
/// hashes each walked path to probe it; a key looked up on its own is found by binary search.
struct StatTable: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// A stored key and its entry, nil once removed (the key keeps its place, so positions stay valid).
    struct Slot: Sendable {
        let key: String
        var entry: CacheEntry?
    }

    /// Strictly increasing in the byte order of the keys.
    private var slots: [Slot] = []
    /// Entries of keys not among the slots.
    private var added: [String: CacheEntry] = [:]
    /// Live entries: slots with an entry, and the added ones.
    private(set) var count = 0

    init() {}

    /// `slots` must be strictly increasing in the byte order of their keys, each with an entry.
    init(sortedSlots slots: [Slot]) {
        self.slots = slots
        count = slots.count
    }

    init(_ entries: [String: CacheEntry]) {
        slots = ByteOrder.sorted(Array(entries.keys)).map { Slot(key: $0, entry: entries[$0]) }
        count = slots.count
    }

    init(dictionaryLiteral elements: (String, CacheEntry)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    var isEmpty: Bool { count == 0 }

    /// How many slots the stored order holds (removed ones included): the positions `key(at:)` takes.
    var storedCount: Int { slots.count }

    func key(at position: Int) -> String { slots[position].key }

    func entry(at position: Int) -> CacheEntry? { slots[position].entry }

    /// `body` of the UTF-8 bytes of the key at `position`, where they lie: the cursor beside the walk reads
    /// one key per file, and a copy of each string to read it was a retain and a release per file.
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        slots.withUnsafeBufferPointer { slots in
            if let result = slots[position].key.utf8.withContiguousStorageIfAvailable(body) { return result }
            var key = slots[position].key
            return key.withUTF8(body)
        }
    }

    /// Attaches facts to the entry of `key`, if it has one, which is usually at `position` (the blob list of
    /// the head is in the slots' order): only a key found elsewhere is searched for.
    mutating func setFacts(_ facts: ArraySlice<UInt8>, at position: Int, ofKey key: String) {
        // The same string object in both lists: equal at once, its bytes not compared.
        if position < slots.count, slots[position].key == key {
            slots[position].entry?.encodedFacts = facts
        } else {
            self[key]?.encodedFacts = facts
        }
    }

    subscript(key: String) -> CacheEntry? {
        get {
            if let position = position(of: key) { return slots[position].entry }
            return added.isEmpty ? nil : added[key]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the entry of `key`; returns the one it had.
    @discardableResult
    mutating func updateValue(_ entry: CacheEntry, forKey key: String) -> CacheEntry? {
        let previous: CacheEntry?
        if let position = position(of: key) {
            previous = slots[position].entry
            slots[position].entry = entry
        } else {
            previous = added.updateValue(entry, forKey: key)
        }
        if previous == nil { count += 1 }
        return previous
    }

    /// Removes the entry of `key`; returns the one it had.
    @discardableResult
    mutating func removeValue(forKey key: String) -> CacheEntry? {
        let previous: CacheEntry?
        if let position = position(of: key) {
            previous = slots[position].entry
            slots[position].entry = nil
        } else {
            previous = added.isEmpty ? nil : added.removeValue(forKey: key)
        }
        if previous != nil { count -= 1 }
        return previous
    }

    /// The live entries in the byte order of their keys (the order the file stores them in).
    func sorted() -> [(key: String, entry: CacheEntry)] {
        let stored = slots.lazy.compactMap { slot in slot.entry.map { (key: slot.key, entry: $0) } }
        guard !added.isEmpty else { return Array(stored) }
        return ByteOrder.sorted(Array(stored) + added.map { (key: $0.key, entry: $0.value) }, by: \.key)
    }

    var keys: [String] { sorted().map(\.key) }

    var values: [CacheEntry] { sorted().map(\.entry) }

    static func == (lhs: StatTable, rhs: StatTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.sorted().allSatisfy { rhs[$0.key] == $0.entry }
    }

    /// The slot of `key`, by binary search.
    func position(of key: String) -> Int? {
        guard !slots.isEmpty else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            var low = 0
            var high = slots.count
            while low < high {
                let middle = (low + high) / 2
                let order = Self.order(of: slots[middle].key, comparedWith: wanted)
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// The byte order of `stored` against `wanted`: negative, zero or positive.
    private static func order(of stored: String, comparedWith wanted: UnsafeBufferPointer<UInt8>) -> Int {
        var stored = stored
        return stored.withUTF8 { ByteOrder.order(UnsafeRawBufferPointer($0), UnsafeRawBufferPointer(wanted)) }
    }
}
