/// Distinct names numbered in the order they were first inserted, found through the xxh3 of their bytes
/// (`HashSlots`, as the type table's names) instead of a `[String: Int]`: the candidate index looks up every
/// registration's type and supertype names and every dependency's type name, and SipHash (seeding, combining,
/// finalizing) was most of that work.
///
/// Names are equal as `String`s are (canonically equivalent spellings are one name), as the dictionary
/// had them: bytes decide only between ASCII names. Once a name with other bytes is inserted, every name goes
/// through a dictionary instead; while all are ASCII, a name with other bytes is looked for among them one by
/// one (Swift identifiers are ASCII in practice, so neither path is taken on real projects).
struct IndexedNames {
    private var slots: HashSlots
    /// The names in the order they were first inserted.
    private(set) var names: [String] = []
    /// Every name's position once one is not ASCII; nil before.
    private var byString: [String: Int]?

    init(minimumCapacity: Int = 0) {
        slots = HashSlots(minimumCapacity: minimumCapacity)
        names.reserveCapacity(minimumCapacity)
    }

    /// The number of names.
    var count: Int { names.count }

    /// The position of `name`, or nil when it was never inserted.
    func position(of name: String) -> Int? {
        if let byString { return byString[name] }
        guard let hash = Self.asciiHash(of: name) else { return names.firstIndex(of: name) }
        return slots.find(hash: hash) { names[$0] == name }.position
    }

    /// The position of `name`, inserted last (at `count` before) when it is new.
    @discardableResult
    mutating func insert(_ name: String) -> Int {
        if byString == nil, let hash = Self.asciiHash(of: name) {
            var found = slots.find(hash: hash) { names[$0] == name }
            if let position = found.position { return position }
            if slots.isFull {
                let names = names
                slots.grow { Self.asciiHash(of: names[$0])! }
                found.slot = slots.emptySlot(for: hash)
            }
            slots.fill(found.slot, hash: hash, position: names.count)
            names.append(name)
            return names.count - 1
        }
        if byString == nil {
            byString = Dictionary(uniqueKeysWithValues: zip(names, names.indices))
        }
        if let position = byString![name] { return position }
        byString![name] = names.count
        names.append(name)
        return names.count - 1
    }

    /// The xxh3 of an ASCII name's bytes; nil for any other name.
    private static func asciiHash(of name: String) -> UInt64? {
        func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            ByteOrder.isASCII(UnsafeRawBufferPointer(bytes)) ? Fingerprint.xxh3(UnsafeRawBufferPointer(bytes)) : nil
        }
        if let found = name.utf8.withContiguousStorageIfAvailable(hash) { return found }
        var name = name
        return name.withUTF8(hash)
    }
}
