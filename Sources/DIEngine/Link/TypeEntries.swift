/// The type table's entries by full name. Names map to positions in an array of records rather than to
/// the entries: building the table inserts tens of thousands of names, and with entries as dictionary
/// values each insert stalled on a cold line of a table of several megabytes; the records are written in
/// order.
///
/// The names are found through an open-addressing table of 8-byte slots (the high half of the name's
/// xxh3, then its record's position) instead of a `[String: Int32]`: that dictionary hashed every name
/// with SipHash and kept a 16-byte key beside each 4-byte value, 2.6 MB of fresh memory for the ~70,000
/// names of the generated 10,000-file project, against 1 MB here. A probe compares the hash halves and
/// only then the record's name.
///
/// The declarations of every entry share one array, each entry's own declarations then its extensions,
/// so that building the table makes no allocation per type (it made one per name, for ~70,000
/// declarations on the generated 10,000-file project). It is built in two passes: `count(named:kind:)` for every declaration, then
/// `place(_:inSlot:)` for every declaration again, in the same order, after `allocatePlaces()`.
struct TypeEntries {
    /// One entry; its declarations are `refs[start..<end]`, the own ones first, up to `primaryEnd`.
    /// While counting, `primaryEnd` and `end` hold the number of own declarations and of extensions; while
    /// placing, they are the next free place of each.
    private struct Record {
        /// The name's position in `column` when not negative, `~position` in `ownNames` otherwise: a record
        /// holds no string (no retain per name, 20 bytes instead of 32 of fresh memory per type).
        var name: Int32
        var start: Int32 = 0
        var primaryEnd: Int32 = 0
        var end: Int32 = 0
        var kind: DeclarationKind?
    }

    /// The hash table (`HashSlots`): a removed name leaves its record unreachable.
    private var slots: HashSlots
    /// Records in the order their names were first added; a removed name leaves its record unreachable.
    private var records: [Record] = []
    private var refs: [DeclarationRef] = []
    /// The names column the records point into (`useColumn`: the table image's, which holds every kept
    /// file's names), and the names that are not in it.
    private var column: [String] = []
    private var ownNames: [String] = []
    /// Names with an entry.
    private(set) var count = 0
    /// What `touchSlots` read, so that its reads are not left out.
    private var touched: UInt64 = 0

    init(minimumCapacity: Int = 0) {
        slots = HashSlots(minimumCapacity: minimumCapacity)
        records.reserveCapacity(minimumCapacity)
    }

    /// The entry's declarations are slices of the shared array: a look-up allocates nothing.
    subscript(name: String) -> TypeEntry? { self[name, hash: Self.hash(of: name)] }

    /// `self[name]` given the name's `hash(of:)` (a name looked up in several tables is hashed once).
    subscript(name: String, hash hash: UInt64) -> TypeEntry? {
        guard let position = find(name, hash: hash).position else { return nil }
        let record = records[position]
        return TypeEntry(
            name: self.name(of: record), declarations: refs[Int(record.start)..<Int(record.end)],
            primaryCount: Int(record.primaryEnd - record.start), kind: record.kind)
    }

    /// The names that have an entry, in no particular order.
    var keys: [String] { slots.positions.map { name(of: records[$0]) } }

    /// Makes `count(inColumnAt:hash:kind:)` name its records by their position in `names` (the table image's
    /// names column); only before the first name is counted.
    mutating func useColumn(_ names: [String]) {
        precondition(records.isEmpty, "the column is chosen before any name is counted")
        column = names
    }

    @inline(__always)
    private func name(of record: Record) -> String {
        record.name >= 0 ? column[Int(record.name)] : ownNames[Int(~record.name)]
    }

    /// First pass: counts a declaration of the type `name`, creating its entry when it is the first (one hash
    /// of the name). Returns the slot to place the declaration in; the low bit marks an extension.
    mutating func count(named name: String, kind: DeclarationKind) -> UInt32 {
        count(named: name, hash: Self.hash(of: name), kind: kind)
    }

    /// `count(named:kind:)` with the name's `hash(of:)` computed beforehand (for `touchSlots`).
    mutating func count(named name: String, hash: UInt64, kind: DeclarationKind) -> UInt32 {
        let found = find(name, hash: hash)
        if found.position == nil {
            ownNames.append(name)
            return count(found, name: ~Int32(ownNames.count - 1), hash: hash, kind: kind)
        }
        return count(found, name: 0, hash: hash, kind: kind)
    }

    /// `count(named:hash:kind:)` of the name at `position` in the column (`useColumn`), its record pointing
    /// there.
    mutating func count(inColumnAt position: Int, hash: UInt64, kind: DeclarationKind) -> UInt32 {
        count(find(column[position], hash: hash), name: Int32(position), hash: hash, kind: kind)
    }

    /// Counts a declaration found (or not) by `find`; `name` is the new record's name.
    @inline(__always)
    private mutating func count(
        _ found: (slot: Int, position: Int?), name: Int32, hash: UInt64, kind: DeclarationKind
    ) -> UInt32 {
        let position = found.position ?? records.count
        let isExtension = kind == .extension
        // Most names are declared once: their record is made complete, in one write.
        if found.position == nil {
            add(hash: hash, at: found.slot)
            records.append(
                Record(
                    name: name, primaryEnd: isExtension ? 0 : 1, end: isExtension ? 1 : 0,
                    kind: isExtension ? nil : kind))
        } else if isExtension {
            records[position].end += 1
        } else {
            records[position].primaryEnd += 1
            if records[position].kind == nil { records[position].kind = kind }
        }
        return UInt32(position) << 1 | (isExtension ? 1 : 0)
    }

    /// Reads the first slot each of these hashes probes: the reads do not wait for each other, so a file's
    /// names take their cache misses (most inserts' cost: the slots are a megabyte read at random) together
    /// before `count(named:hash:kind:)` takes them one by one. Kept in a property so the reads stay.
    mutating func touchSlots(_ hashes: [UInt64]) { touched &+= slots.touch(hashes) }

    /// Between the passes: gives each entry its range of the shared array.
    mutating func allocatePlaces() {
        var next: Int32 = 0
        for position in records.indices {
            let primaries = records[position].primaryEnd
            let extensions = records[position].end
            records[position].start = next
            records[position].primaryEnd = next
            records[position].end = next + primaries
            next += primaries + extensions
        }
        refs = Array(repeating: DeclarationRef(file: 0, index: 0), count: Int(next))
    }

    /// Second pass: places a declaration in the slot `count(named:kind:)` gave it, after the earlier ones.
    mutating func place(_ ref: DeclarationRef, inSlot slot: UInt32) {
        let position = Int(slot >> 1)
        if slot & 1 != 0 {
            refs[Int(records[position].end)] = ref
            records[position].end += 1
        } else {
            refs[Int(records[position].primaryEnd)] = ref
            records[position].primaryEnd += 1
        }
    }

    /// Replaces the entry of `name`, or removes it when `entry` is nil. Its declarations go at the end of the
    /// shared array (renaming is rare); the caller holds no other entry, so the array is not copied.
    mutating func set(_ entry: TypeEntry?, for name: String) {
        let hash = Self.hash(of: name)
        let found = find(name, hash: hash)
        guard let entry else {
            if found.position != nil {
                slots.remove(at: found.slot)
                count -= 1
            }
            return
        }
        let start = Int32(refs.count)
        refs.append(contentsOf: entry.declarations)
        var record = Record(
            name: 0, start: start, primaryEnd: start + Int32(entry.primaries.count), end: Int32(refs.count),
            kind: entry.kind)
        if let position = found.position {
            record.name = records[position].name
            records[position] = record
        } else {
            ownNames.append(name)
            record.name = ~Int32(ownNames.count - 1)
            add(hash: hash, at: found.slot)
            records.append(record)
        }
    }

    /// Where `name` is, or the empty slot ending its probe sequence when it has no entry.
    @inline(__always)
    private func find(_ name: String, hash: UInt64) -> (slot: Int, position: Int?) {
        Self.find(name, hash: hash, slots: slots, records: records, column: column, ownNames: ownNames)
    }

    /// `find` of the fields given as arguments (borrowed, not retained): a closure reading the fields of
    /// `self` copied the whole struct (six retains) for every probe that met a name.
    @inline(__always)
    private static func find(
        _ name: String, hash: UInt64, slots: HashSlots, records: [Record], column: [String], ownNames: [String]
    ) -> (slot: Int, position: Int?) {
        slots.find(hash: hash) {
            let stored = records[$0].name
            return (stored >= 0 ? column[Int(stored)] : ownNames[Int(~stored)]) == name
        }
    }

    /// Gives the record about to be appended the empty slot `find` returned, growing the table first when
    /// it is full (the slot is then found again).
    private mutating func add(hash: UInt64, at slot: Int) {
        var slot = slot
        if slots.isFull {
            let entries = self
            slots.grow { Self.hash(of: entries.name(of: entries.records[$0])) }
            slot = slots.emptySlot(for: hash)
        }
        slots.fill(slot, hash: hash, position: records.count)
        count += 1
    }

    /// xxh3 of the name's UTF-8 (in place for native strings, small ones included). Read through the UTF-8
    /// view, which does not mutate: `withUTF8` on a copy retained the string twice per name.
    static func hash(of name: String) -> UInt64 {
        if let hash = name.utf8.withContiguousStorageIfAvailable({ Fingerprint.xxh3(UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        var name = name
        return name.withUTF8 { Fingerprint.xxh3(UnsafeRawBufferPointer($0)) }
    }
}
