/// The type table's entries by full name. The dictionary maps each name to a position in an array of
/// entries rather than holding the entries: building the table inserts tens of thousands of names, and
/// with 40-byte entries as dictionary values each insert stalled on a cold line of a table of several
/// megabytes; 4-byte positions keep the hashed storage small and the entries are written in order.
struct TypeEntries {
    private var positions: [String: Int32] = [:]
    /// Entries in the order their names were first added; a removed name leaves its entry unreachable.
    private var list: [TypeEntry] = []

    init(minimumCapacity: Int = 0) {
        positions.reserveCapacity(minimumCapacity)
        list.reserveCapacity(minimumCapacity)
    }

    subscript(name: String) -> TypeEntry? {
        guard let position = positions[name] else { return nil }
        return list[Int(position)]
    }

    /// The names that have an entry, in no particular order.
    var keys: Dictionary<String, Int32>.Keys { positions.keys }

    var count: Int { positions.count }

    /// Adds a declaration of the type `name`, creating its entry when it is the first (one hash of the name).
    mutating func add(_ ref: DeclarationRef, named name: String, kind: DeclarationKind) {
        let position = Int(Self.value(of: &positions[name, default: Int32(list.count)]))
        if position == list.count { list.append(TypeEntry(name: name)) }
        if kind == .extension {
            list[position].extensions.append(ref)
        } else {
            list[position].addPrimary(ref, kind: kind)
        }
    }

    /// Replaces the entry of `name`, or removes it when `entry` is nil.
    mutating func set(_ entry: TypeEntry?, for name: String) {
        guard let entry else {
            positions[name] = nil
            return
        }
        if let position = positions[name] {
            list[Int(position)] = entry
        } else {
            positions[name] = Int32(list.count)
            list.append(entry)
        }
    }

    /// Reads a value through an `inout` access, which is what inserts a dictionary's default value.
    private static func value(of slot: inout Int32) -> Int32 { slot }
}
