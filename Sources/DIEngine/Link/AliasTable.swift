/// The type table's typealiases by full name, found through the names' xxh3 (`HashSlots`, as `TypeEntries`)
/// and kept as positions in the typealias lists of the files that declare them (a kept part's own array:
/// `TablePart.aliases`). A `[String: AliasEntry]` filled from every part was a tenth of a DI edit's table
/// on real code (~2,000 typealiases): SipHash per name, a 64-byte bucket of fresh memory and three retains
/// per typealias; an `AliasEntry` is now made only when a typealias is looked up.
struct AliasTable {
    /// A typealias: `lists[list][index]`, its name's full hash kept for growing and for `entries`.
    private struct Record {
        var hash: UInt64
        var list: Int32
        var index: Int32
    }

    private var slots: HashSlots
    private var records: [Record] = []
    /// The typealias lists added, each with the file that declares it.
    private var lists: [[TablePart.Alias]] = []
    private var files: [Int32] = []
    /// Names with a typealias.
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        slots = HashSlots(minimumCapacity: minimumCapacity)
        records.reserveCapacity(minimumCapacity)
    }

    subscript(name: String) -> AliasEntry? { self[name, hash: TypeEntries.hash(of: name)] }

    /// `self[name]` given the name's `TypeEntries.hash(of:)`.
    subscript(name: String, hash hash: UInt64) -> AliasEntry? {
        guard let position = find(name, hash: hash).position else { return nil }
        let record = records[position]
        let alias = lists[Int(record.list)][Int(record.index)]
        return AliasEntry(
            target: alias.target, scope: alias.scope, isGeneric: alias.isGeneric, file: Int(files[Int(record.list)]))
    }

    /// Whether a typealias has this full name (no entry made).
    func contains(_ name: String) -> Bool { contains(name, hash: TypeEntries.hash(of: name)) }

    /// `contains(_:)` given the name's `TypeEntries.hash(of:)`.
    func contains(_ name: String, hash: UInt64) -> Bool { find(name, hash: hash).position != nil }

    /// The full names with a typealias and their hashes, in no particular order.
    var keys: [(name: String, hash: UInt64)] {
        var keys: [(name: String, hash: UInt64)] = []
        forEachKey { keys.append(($0, $1)) }
        return keys
    }

    /// `keys`, one by one in the same order, without an array of them (and a copy of every name in it):
    /// the table asks for them once per link, to test each for a plain name.
    func forEachKey(_ body: (_ name: String, _ hash: UInt64) -> Void) {
        slots.forEachPosition { body(key(of: records[$0]), records[$0].hash) }
    }

    /// Adds a file's typealiases, each unless its full name has one (the first declaration of a name wins:
    /// others are in other `#if` branches or would not compile). `body` is given each key and its hash.
    mutating func addFirst(_ aliases: [TablePart.Alias], file: Int, _ body: (String, UInt64) -> Void = { _, _ in }) {
        guard !aliases.isEmpty else { return }
        let list = Int32(lists.count)
        lists.append(aliases)
        files.append(Int32(file))
        for index in aliases.indices {
            let key = aliases[index].key
            let hash = TypeEntries.hash(of: key)
            body(key, hash)
            let found = find(key, hash: hash)
            guard found.position == nil else { continue }
            add(Record(hash: hash, list: list, index: Int32(index)), at: found.slot)
        }
    }

    /// Replaces the typealiases of these full names by `aliases`' of the same names, taken in order, each
    /// name from the first that has it; returns the names none has (and that are no longer typealiases).
    mutating func replace(_ names: Set<String>, by aliases: [(file: Int, aliases: [TablePart.Alias])]) {
        for name in names {
            let found = find(name, hash: TypeEntries.hash(of: name))
            if found.position != nil {
                slots.remove(at: found.slot)
                count -= 1
            }
        }
        var left = names
        for (file, declared) in aliases where !left.isEmpty {
            let list = Int32(lists.count)
            lists.append(declared)
            files.append(Int32(file))
            for index in declared.indices where left.remove(declared[index].key) != nil {
                let hash = TypeEntries.hash(of: declared[index].key)
                add(Record(hash: hash, list: list, index: Int32(index)), at: find(declared[index].key, hash: hash).slot)
            }
        }
    }

    private func key(of record: Record) -> String { lists[Int(record.list)][Int(record.index)].key }

    @inline(__always)
    private func find(_ name: String, hash: UInt64) -> (slot: Int, position: Int?) {
        slots.find(hash: hash) { key(of: records[$0]) == name }
    }

    /// Gives `record` the empty slot `find` returned, growing the table first when it is full.
    private mutating func add(_ record: Record, at slot: Int) {
        var slot = slot
        if slots.isFull {
            let records = records
            slots.grow { records[$0].hash }
            slot = slots.emptySlot(for: record.hash)
        }
        slots.fill(slot, hash: record.hash, position: records.count)
        records.append(record)
        count += 1
    }
}
