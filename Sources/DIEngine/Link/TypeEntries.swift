/// The type table's entries by full name. The dictionary maps each name to a position in an array of
/// records rather than holding the entries: building the table inserts tens of thousands of names, and
/// with entries as dictionary values each insert stalled on a cold line of a table of several megabytes;
/// 4-byte positions keep the hashed storage small and the records are written in order.
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
        var name: String
        var start: Int32 = 0
        var primaryEnd: Int32 = 0
        var end: Int32 = 0
        var kind: DeclarationKind?
    }

    private var positions: [String: Int32] = [:]
    /// Records in the order their names were first added; a removed name leaves its record unreachable.
    private var records: [Record] = []
    private var refs: [DeclarationRef] = []

    init(minimumCapacity: Int = 0) {
        positions.reserveCapacity(minimumCapacity)
        records.reserveCapacity(minimumCapacity)
    }

    /// The entry's declarations are slices of the shared array: a look-up allocates nothing.
    subscript(name: String) -> TypeEntry? {
        guard let position = positions[name] else { return nil }
        let record = records[Int(position)]
        return TypeEntry(
            name: record.name, declarations: refs[Int(record.start)..<Int(record.end)],
            primaryCount: Int(record.primaryEnd - record.start), kind: record.kind)
    }

    /// The names that have an entry, in no particular order.
    var keys: Dictionary<String, Int32>.Keys { positions.keys }

    var count: Int { positions.count }

    /// First pass: counts a declaration of the type `name`, creating its entry when it is the first (one hash
    /// of the name). Returns the slot to place the declaration in; the low bit marks an extension.
    mutating func count(named name: String, kind: DeclarationKind) -> UInt32 {
        let position = Int(Self.value(of: &positions[name, default: Int32(records.count)]))
        let isExtension = kind == .extension
        // Most names are declared once: their record is made complete, in one write.
        if position == records.count {
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
        guard let entry else {
            positions[name] = nil
            return
        }
        let start = Int32(refs.count)
        refs.append(contentsOf: entry.declarations)
        let record = Record(
            name: entry.name, start: start, primaryEnd: start + Int32(entry.primaries.count), end: Int32(refs.count),
            kind: entry.kind)
        if let position = positions[name] {
            records[Int(position)] = record
        } else {
            positions[name] = Int32(records.count)
            records.append(record)
        }
    }

    /// Reads a value through an `inout` access, which is what inserts a dictionary's default value.
    private static func value(of slot: inout Int32) -> Int32 { slot }
}

/// Every declaration of one type, by its resolved full name: the type's own declarations (several only
/// in different `#if` branches) and its extensions, in input order.
struct TypeEntry {
    var name: String
    /// The own declarations, then the extensions: one slice of the table's shared array.
    private(set) var declarations: ArraySlice<DeclarationRef>
    private var primaryCount: Int
    /// The kind of the first own declaration.
    var kind: DeclarationKind?

    init(
        name: String, declarations: ArraySlice<DeclarationRef> = [], primaryCount: Int = 0,
        kind: DeclarationKind? = nil
    ) {
        self.name = name
        self.declarations = declarations
        self.primaryCount = primaryCount
        self.kind = kind
    }

    var primaries: ArraySlice<DeclarationRef> {
        get { declarations.prefix(primaryCount) }
        set {
            declarations = ArraySlice(Array(newValue) + extensions)
            primaryCount = newValue.count
        }
    }

    var extensions: ArraySlice<DeclarationRef> {
        get { declarations.dropFirst(primaryCount) }
        set { declarations = ArraySlice(Array(primaries) + newValue) }
    }

    /// Declared in the scanned sources (not only extended).
    var isDeclared: Bool { primaryCount > 0 }
}
