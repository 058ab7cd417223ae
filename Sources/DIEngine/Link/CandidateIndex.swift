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

    /// The first and last link of a chain in `links`.
    private struct Chain {
        var first: Int32
        var last: Int32
    }

    /// One position of a chain: the entry and the next link (-1 ends the chain).
    fileprivate struct Link {
        var entry: Int32
        var next: Int32
    }

    private(set) var entries: [Entry] = []
    private var byKey: [RegistrationID: Chain] = [:]
    private var byName: [String: Chain] = [:]
    private var links: [Link] = []

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
        let count = registrations.count + imported.count
        entries.reserveCapacity(count)
        byKey.reserveCapacity(count)
        links.reserveCapacity(indexingNames ? 4 * count : count)
        if indexingNames { byName.reserveCapacity(2 * count) }
        // By index: a copy of each registration cost more than indexing it.
        for index in registrations.indices {
            let id = registrations[index].id
            let isFactory = Registration.isFactory(
                registrations[index].kind, importedIsFactory: registrations[index].importedIsFactory)
            add(Entry(id: id, isFactory: isFactory, location: registrations[index].location, local: index))
            if indexingNames {
                addName(id.typeName, of: entries.count - 1)
                addNames(supertypes(id.typeName), besides: id.typeName, of: entries.count - 1)
            }
        }
        for index in imported.indices {
            let id = imported[index].id
            let isFactory = Registration.isFactory(
                imported[index].kind, importedIsFactory: imported[index].importedIsFactory)
            add(Entry(id: id, isFactory: isFactory, location: nil, local: nil))
            if indexingNames {
                addName(id.typeName, of: entries.count - 1)
                addNames(imported[index].links, besides: id.typeName, of: entries.count - 1)
            }
        }
    }

    private mutating func add(_ entry: Entry) {
        entries.append(entry)
        Self.append(Int32(entries.count - 1), to: &byKey[entry.id], links: &links)
    }

    /// Each name once per entry (a supertype list rarely repeats a name, so it is searched, not hashed).
    private mutating func addNames(_ names: [String], besides typeName: String, of position: Int) {
        for (offset, name) in names.enumerated()
        where name != typeName && !names[..<offset].contains(name) {
            addName(name, of: position)
        }
    }

    private mutating func addName(_ name: String, of position: Int) {
        Self.append(Int32(position), to: &byName[name], links: &links)
    }

    private static func append(_ entry: Int32, to chain: inout Chain?, links: inout [Link]) {
        let link = Int32(links.count)
        links.append(Link(entry: entry, next: -1))
        if let last = chain?.last {
            links[Int(last)].next = link
            chain?.last = link
        } else {
            chain = Chain(first: link, last: link)
        }
    }

    /// Positions in `entries` along one chain, in insertion order.
    struct Positions: Sequence, IteratorProtocol {
        fileprivate let links: [Link]
        fileprivate var link: Int32

        mutating func next() -> Int? {
            guard link >= 0 else { return nil }
            let current = links[Int(link)]
            link = current.next
            return Int(current.entry)
        }
    }

    /// Positions in `entries` of the registrations with exactly this key.
    func exactPositions(_ id: RegistrationID) -> Positions { Positions(links: links, link: byKey[id]?.first ?? -1) }

    /// Positions in `entries` of the registrations of `typeName` or one of its subtypes, any qualifier.
    func namePositions(_ typeName: String) -> Positions {
        Positions(links: links, link: byName[typeName]?.first ?? -1)
    }

    /// Registrations with exactly this key.
    func exactMatches(_ id: RegistrationID) -> [Entry] { exactPositions(id).map { entries[$0] } }

    /// Registrations of `typeName` or one of its subtypes, restricted to `qualifier` unless it is empty.
    func candidates(for typeName: String, qualifier: String) -> [Entry] {
        var found: [Entry] = []
        for position in namePositions(typeName) where qualifier.isEmpty || entries[position].id.qualifier == qualifier {
            found.append(entries[position])
        }
        return found
    }

    /// Distinct ids of entries, sorted.
    static func ids(_ entries: [Entry]) -> [RegistrationID] {
        if entries.count == 1 { return [entries[0].id] }
        return Array(Set(entries.map(\.id))).sorted()
    }
}
