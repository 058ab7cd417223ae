#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every registration key of a graph, this module's and the imported ones: which local registration has it
/// first and how many registrations (and factories) have it. Built once for the whole validation: the
/// duplicate check, the cycle edges and the link checks each hashed every registration into a table of
/// their own.
///
/// When every key is ASCII the table is open-addressed over a hash of the names' bytes, which are kept in
/// one pool and compared with `memcmp`: a `[RegistrationID: Key]` hashed both strings with SipHash per
/// look-up (about a millisecond of a generated DI edit's validation). Two ASCII strings are equal exactly
/// when their bytes are; a look-up with a name that is not ASCII may still equal an ASCII key (the Kelvin
/// sign is `K`), so it goes through a `Dictionary` built on first need (`CanonicalLookup`). A graph with a
/// key that is not ASCII keeps only the `Dictionary`.
struct RegistrationKeys {
    struct Key {
        /// Index into `LinkedGraph.registrations` of the first registration with the key; -1 when only
        /// imported registrations have it.
        var firstLocal: Int32
        /// Registrations with the key, imported ones included.
        var count: Int32
        /// Those of them that are factories.
        var factories: Int32
    }

    /// The distinct keys in the order they were first seen.
    private var keys: [Key] = []
    private var ids: [RegistrationID] = []
    /// Per key: its hash, and where its type name's and then its qualifier's bytes start in `pool`.
    private var hashes: [UInt64] = []
    private var starts: [Int32] = []
    private var typeLengths: [Int32] = []
    private var pool: [UInt8] = []
    /// Open addressing over `hashes`: an index into `keys`, or -1.
    private var slots: [Int32] = []
    private var mask = 0
    /// Whether a key is not ASCII: then `canonical` is the whole table.
    private let canonicalOnly: Bool
    /// Index into `keys` by `String` equality: the whole table when a key is not ASCII, else made for the
    /// first look-up with a name that is not (a class, so that a look-up, which does not mutate, can).
    private let canonical = CanonicalLookup()

    private final class CanonicalLookup {
        var indices: [RegistrationID: Int32]?
    }

    init(graph: LinkedGraph) {
        let registrations = graph.registrations
        let imported = graph.importedRegistrations
        let total = registrations.count + imported.count
        let allASCII =
            registrations.indices.allSatisfy { Self.asciiHash(registrations[$0].id) != nil }
            && imported.indices.allSatisfy { Self.asciiHash(imported[$0].id) != nil }
        canonicalOnly = !allASCII
        if !canonicalOnly {
            var capacity = 16
            while capacity < total * 2 { capacity <<= 1 }
            slots = Array(repeating: -1, count: capacity)
            mask = capacity - 1
        } else {
            canonical.indices = Dictionary(minimumCapacity: total)
        }
        keys.reserveCapacity(total)
        // By index: a copy of each registration cost more than its key.
        for index in registrations.indices {
            let isFactory = Registration.isFactory(
                registrations[index].kind, importedIsFactory: registrations[index].importedIsFactory)
            add(registrations[index].id, local: index, isFactory: isFactory)
        }
        for index in imported.indices {
            let isFactory = Registration.isFactory(
                imported[index].kind, importedIsFactory: imported[index].importedIsFactory)
            add(imported[index].id, local: nil, isFactory: isFactory)
        }
    }

    private mutating func add(_ id: RegistrationID, local: Int?, isFactory: Bool) {
        let position: Int
        if let existing = find(id) {
            position = existing
        } else {
            position = keys.count
            keys.append(Key(firstLocal: -1, count: 0, factories: 0))
            ids.append(id)
            if canonicalOnly {
                canonical.indices![id] = Int32(position)
            } else {
                insert(id, at: position)
            }
        }
        keys[position].count += 1
        if isFactory { keys[position].factories += 1 }
        if let local, keys[position].firstLocal < 0 { keys[position].firstLocal = Int32(local) }
    }

    /// Enters the ASCII key `id`, new to the table, as `keys[position]`.
    private mutating func insert(_ id: RegistrationID, at position: Int) {
        let hash = Self.asciiHash(id)!
        hashes.append(hash)
        starts.append(Int32(pool.count))
        Self.withBytes(id.typeName) { pool.append(contentsOf: $0) }
        typeLengths.append(Int32(pool.count) - starts[position])
        Self.withBytes(id.qualifier) { pool.append(contentsOf: $0) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    subscript(id: RegistrationID) -> Key? { find(id).map { keys[$0] } }

    /// The first local registration with `id`, nil when there is none.
    func firstLocal(_ id: RegistrationID) -> Int? {
        guard let position = find(id) else { return nil }
        let first = keys[position].firstLocal
        return first >= 0 ? Int(first) : nil
    }

    /// The position of `id` in `keys`.
    private func find(_ id: RegistrationID) -> Int? {
        if canonicalOnly { return canonical.indices![id].map(Int.init) }
        guard let hash = Self.asciiHash(id) else { return canonicalPosition(id) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if hashes[position] == hash && holds(id, at: position) { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the pooled bytes of `keys[position]` are `id`'s.
    private func holds(_ id: RegistrationID, at position: Int) -> Bool {
        let start = Int(starts[position])
        let typeLength = Int(typeLengths[position])
        let end = position + 1 < starts.count ? Int(starts[position + 1]) : pool.count
        return pool.withUnsafeBytes { pool in
            Self.withBytes(id.typeName) { typeName in
                Self.withBytes(id.qualifier) { qualifier in
                    typeName.count == typeLength && qualifier.count == end - start - typeLength
                        && Self.equal(pool, at: start, typeName)
                        && Self.equal(pool, at: start + typeLength, qualifier)
                }
            }
        }
    }

    /// Whether `bytes` are those in `pool` from `start` on (`pool` holds at least as many there).
    private static func equal(_ pool: UnsafeRawBufferPointer, at start: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty || memcmp(pool.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
    }

    /// A look-up with a name that is not ASCII, through `String` equality (the table's keys are all ASCII).
    private func canonicalPosition(_ id: RegistrationID) -> Int? {
        if canonical.indices == nil {
            var indices: [RegistrationID: Int32] = Dictionary(minimumCapacity: ids.count)
            for position in ids.indices { indices[ids[position]] = Int32(position) }
            canonical.indices = indices
        }
        return canonical.indices![id].map(Int.init)
    }

    /// A hash of `id`'s bytes, nil when they are not ASCII: both found in one pass, eight bytes at a time.
    private static func asciiHash(_ id: RegistrationID) -> UInt64? {
        var hash: UInt64 = 0
        var bits: UInt64 = 0
        withBytes(id.typeName) { mix($0, into: &hash, bits: &bits) }
        withBytes(id.qualifier) { mix($0, into: &hash, bits: &bits) }
        return bits & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }

    /// Folds `bytes` and their count into `hash` (the count keeps a type name and qualifier split
    /// differently apart), and ORs them into `bits`.
    private static func mix(_ bytes: UnsafeRawBufferPointer, into hash: inout UInt64, bits: inout UInt64) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        bits |= tail
        hash = (hash ^ tail ^ UInt64(count) << 56) &* multiplier
        hash ^= hash >> 32
    }

    /// `text`'s UTF-8 in place (a small string's on the stack), through a copy only if it has none.
    private static func withBytes<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = text
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
