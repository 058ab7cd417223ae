// Where a link state record's entries go as they are read. An appended record is read into its changes
// (`LinkStateChanges`), applied only once the whole record decoded; the base record, most of the file, is
// read straight into the hashed tables of the state (`LinkStateTables`): read into lists first and then
// moved, its entries took fresh memory twice.

/// A table a record's entries are read into, in the order the record lists them.
protocol RecordTable<Key, Value> {
    associatedtype Key: Hashable
    associatedtype Value

    /// Room for `count` more entries (the record's count, read before them).
    mutating func reserveCapacity(_ count: Int)
    /// Takes the entry (`consuming`): borrowed, it was copied into the table, a retain of each string and
    /// list in it, and then released by the reader.
    mutating func upsert(_ value: consuming Value, forKey key: consuming Key)
    mutating func remove(_ key: Key)
}

extension Dictionary: RecordTable {
    mutating func upsert(_ value: consuming Value, forKey key: consuming Key) { self[key] = value }
    mutating func remove(_ key: Key) { self[key] = nil }
}

extension TableChanges: RecordTable {
    mutating func reserveCapacity(_ count: Int) { upserts.reserveCapacity(upserts.count + count) }
    mutating func upsert(_ value: consuming Value, forKey key: consuming Key) { upserts.append((key, value)) }
    mutating func remove(_ key: Key) { removals.append(key) }
}

/// What `ByteReader.readLinkStateRecord(into:)` reads a record into, table by table.
protocol LinkStateRecordTarget {
    associatedtype FactsDigests: RecordTable<String, UInt64>
    associatedtype Views: RecordTable<UInt64, UInt64>
    associatedtype Dependencies: RecordTable<UInt64, ViewDependencies>
    associatedtype Files: RecordTable<UInt64, UInt64>
    associatedtype TypeUnits: RecordTable<String, TypeLinkUnit>
    associatedtype FileUnits: RecordTable<String, FileLinkUnit>
    associatedtype Types: RecordTable<String, DeclaredType>

    var factsDigests: FactsDigests { get set }
    var interfaces: UInt64 { get set }
    var views: Views { get set }
    var dependencies: Dependencies { get set }
    var files: Files { get set }
    var aliasExtensions: [AliasExtension] { get set }
    var reads: ReadChanges { get set }
    var typeUnits: TypeUnits { get set }
    var fileUnits: FileUnits { get set }
    var types: Types { get set }
}

extension LinkStateChanges: LinkStateRecordTarget {
    /// No changes, to read a record into.
    init() {
        self.init(
            factsDigests: .init(), interfaces: 0, views: .init(), dependencies: .init(), files: .init(),
            aliasExtensions: [], reads: ReadChanges(), typeUnits: .init(), fileUnits: .init(), types: .init())
    }
}

/// The tables of a state whose base record is being read: the state once the whole record decoded.
struct LinkStateTables: LinkStateRecordTarget {
    var factsDigests: [String: UInt64] = [:]
    var interfaces: UInt64 = 0
    var views: [UInt64: UInt64] = [:]
    var dependencies: [UInt64: ViewDependencies] = [:]
    var files: [UInt64: UInt64] = [:]
    var aliasExtensions: [AliasExtension] = []
    /// Added only: a base record is the change from an empty state.
    var reads = ReadChanges()
    var typeUnits: [String: TypeLinkUnit] = [:]
    var fileUnits: [String: FileLinkUnit] = [:]
    var types: [String: DeclaredType] = [:]

    /// The state, its tables moved out of these (left empty, so that the state's are not shared and its
    /// first change copies none of them).
    mutating func takeState() -> LinkState {
        var taken = LinkStateTables()
        swap(&taken, &self)
        return LinkState(
            factsDigests: taken.factsDigests,
            views: NameViews(
                views: taken.views, interfaces: taken.interfaces, dependencies: taken.dependencies,
                files: taken.files, aliasExtensions: taken.aliasExtensions),
            typeUnits: taken.typeUnits, fileUnits: taken.fileUnits, types: taken.types)
    }
}
