/// Finds the registrations that can satisfy a dependency: by exact
/// key, and by type name or supertype (imported registrations: by `TYPE` and recorded links).
///
/// Every key and name maps to a chain of positions in one entry list, in insertion order: no array per
/// key and no entry copied per name, which made building the index for thousands of registrations (twice
/// per build: resolution and validation) cost more than resolving their dependencies.
struct CandidateIndex {
    /// A registration of this module (`local` index) or an imported one.
    struct Entry {
        var id: RegistrationID
        var isFactory: Bool
        var location: SourceLocation?
        /// Index into `LinkedGraph.registrations`; nil for imported registrations.
        var local: Int?
    }

    /// The first and last link of a chain in `links` (-1 for none).
    private struct Chain {
        var first: Int32 = -1
        var last: Int32 = -1
    }

    /// A name's two chains: the registrations of that type (any qualifier), and those of its subtypes
    /// (supertypes or imported links naming it). One dictionary for both look-ups: a key's registrations are
    /// the type's own chain filtered by qualifier, so no second index keyed by `RegistrationID` is built and
    /// a dependency's exact and by-name look-ups hash its type name once.
    private struct Chains {
        var own = Chain()
        var subtypes = Chain()
    }

    /// One position of a chain: the entry and the next link (-1 ends the chain).
    fileprivate struct Link {
        var entry: Int32
        var next: Int32
    }

    private(set) var entries: [Entry] = []
    /// Each indexed name's chains, by `IndexedNames` position.
    private var chains: [Chains] = []
    private var names: IndexedNames
    private var links: [Link] = []
    private let indexesNames: Bool

    /// - Parameter indexingNames: false leaves `candidates(for:qualifier:)` empty, for callers that only
    ///   need `exactMatches` (the name index costs a look-up per name of every registration).
    init(graph: LinkedGraph, indexingNames: Bool = true) {
        self.init(
            registrations: graph.registrations, imported: graph.importedRegistrations,
            supertypes: { graph.types[$0]?.supertypes ?? [] }, indexingNames: indexingNames)
    }

    init(
        registrations: [Registration], imported: [Registration], supertypes: (String) -> [String],
        indexingNames: Bool = true
    ) {
        self.init(
            registrations: registrations, imported: imported,
            supertypesAt: { supertypes(registrations[$0].id.typeName) }, indexingNames: indexingNames)
    }

    /// `supertypesAt`: the supertypes of the registration at an index of `registrations`.
    init(
        registrations: [Registration], imported: [Registration], supertypesAt: (Int) -> [String],
        indexingNames: Bool = true
    ) {
        indexesNames = indexingNames
        let count = registrations.count + imported.count
        entries.reserveCapacity(count)
        links.reserveCapacity(indexingNames ? 4 * count : count)
        names = IndexedNames(minimumCapacity: indexingNames ? 2 * count : count)
        chains.reserveCapacity(indexingNames ? 2 * count : count)
        // By index: a copy of each registration cost more than indexing it.
        for index in registrations.indices {
            let id = registrations[index].id
            let isFactory = Registration.isFactory(
                registrations[index].kind, importedIsFactory: registrations[index].importedIsFactory)
            add(Entry(id: id, isFactory: isFactory, location: registrations[index].location, local: index))
            if indexingNames { addSubtype(of: supertypesAt(index), besides: id.typeName) }
        }
        for index in imported.indices {
            let id = imported[index].id
            let isFactory = Registration.isFactory(
                imported[index].kind, importedIsFactory: imported[index].importedIsFactory)
            add(Entry(id: id, isFactory: isFactory, location: nil, local: nil))
            if indexingNames { addSubtype(of: imported[index].links, besides: id.typeName) }
        }
    }

    private mutating func add(_ entry: Entry) {
        entries.append(entry)
        Self.append(Int32(entries.count - 1), to: &chains[chainsPosition(of: entry.id.typeName)].own, links: &links)
    }

    /// The last entry as a subtype of each of `names` once (a supertype list rarely repeats a name, so it is
    /// searched, not hashed), its own type name left out: that entry is on the name's own chain.
    private mutating func addSubtype(of names: [String], besides typeName: String) {
        let position = Int32(entries.count - 1)
        for (offset, name) in names.enumerated()
        where name != typeName && !names[..<offset].contains(name) {
            Self.append(position, to: &chains[chainsPosition(of: name)].subtypes, links: &links)
        }
    }

    /// The position of `name`'s chains, added empty when the name has none yet.
    private mutating func chainsPosition(of name: String) -> Int {
        let position = names.insert(name)
        if position == chains.count { chains.append(Chains()) }
        return position
    }

    private static func append(_ entry: Int32, to chain: inout Chain, links: inout [Link]) {
        let link = Int32(links.count)
        links.append(Link(entry: entry, next: -1))
        if chain.last >= 0 {
            links[Int(chain.last)].next = link
        } else {
            chain.first = link
        }
        chain.last = link
    }

    /// Positions in `entries` along a name's own chain (only those with `qualifier`, unless nil) or along
    /// both its chains, in insertion order: both list entries in ascending position, so they are merged.
    /// Read through buffers valid only inside `withPositions`: holding the arrays retained both per sequence,
    /// two sequences per resolved dependency.
    struct Positions: Sequence, IteratorProtocol {
        fileprivate let links: UnsafeBufferPointer<Link>
        fileprivate let entries: UnsafeBufferPointer<Entry>
        fileprivate var own: Int32
        fileprivate var subtypes: Int32
        fileprivate let qualifier: String?

        mutating func next() -> Int? {
            while own >= 0 || subtypes >= 0 {
                let ownEntry = own >= 0 ? links[Int(own)].entry : Int32.max
                let subtypeEntry = subtypes >= 0 ? links[Int(subtypes)].entry : Int32.max
                if subtypeEntry < ownEntry {
                    subtypes = links[Int(subtypes)].next
                    return Int(subtypeEntry)
                }
                own = links[Int(own)].next
                if let qualifier, entries[Int(ownEntry)].id.qualifier != qualifier { continue }
                return Int(ownEntry)
            }
            return nil
        }
    }

    /// Gives `body` the positions in `entries` of the registrations with exactly the key (`typeName`,
    /// `qualifier`), and of those of `typeName` or one of its subtypes, any qualifier (none without the name
    /// index): both through one look-up of the name. The sequences must not leave `body`.
    func withPositions<Result>(
        of typeName: String, qualifier: String, _ body: (_ exact: Positions, _ byName: Positions) -> Result
    ) -> Result {
        let chains = names.position(of: typeName).map { self.chains[$0] } ?? Chains()
        return links.withUnsafeBufferPointer { links in
            entries.withUnsafeBufferPointer { entries in
                body(
                    Positions(
                        links: links, entries: entries, own: chains.own.first, subtypes: -1, qualifier: qualifier),
                    indexesNames
                        ? Positions(
                            links: links, entries: entries, own: chains.own.first, subtypes: chains.subtypes.first,
                            qualifier: nil)
                        : Positions(links: links, entries: entries, own: -1, subtypes: -1, qualifier: nil))
            }
        }
    }

    /// Registrations with exactly this key.
    func exactMatches(_ id: RegistrationID) -> [Entry] {
        withPositions(of: id.typeName, qualifier: id.qualifier) { exact, _ in exact.map { entries[$0] } }
    }

    /// Registrations of `typeName` or one of its subtypes, restricted to `qualifier` unless it is empty.
    func candidates(for typeName: String, qualifier: String) -> [Entry] {
        withPositions(of: typeName, qualifier: "") { _, byName in
            var found: [Entry] = []
            for position in byName where qualifier.isEmpty || entries[position].id.qualifier == qualifier {
                found.append(entries[position])
            }
            return found
        }
    }

    /// Distinct ids of entries, sorted.
    static func ids(_ entries: [Entry]) -> [RegistrationID] {
        if entries.count == 1 { return [entries[0].id] }
        return Array(Set(entries.map(\.id))).sorted()
    }
}
