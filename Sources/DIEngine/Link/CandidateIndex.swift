/// Finds the registrations that can satisfy a dependency: by exact
/// key, and by type name or supertype (imported registrations: by `TYPE` and recorded links).
struct CandidateIndex {
    /// A registration of this module (`local` index) or an imported one.
    struct Entry {
        var id: RegistrationID
        var isFactory: Bool
        var location: SourceLocation?
        /// Index into `LinkedGraph.registrations`; nil for imported registrations.
        var local: Int?
    }

    private var byKey: [RegistrationID: [Entry]] = [:]
    private var byName: [String: [Entry]] = [:]

    /// - Parameter indexingNames: false leaves `candidates(for:qualifier:)` empty, for callers that only
    ///   need `exactMatches` (the name index costs a set and several appends per registration).
    init(graph: LinkedGraph, indexingNames: Bool = true) {
        self.init(
            registrations: graph.registrations, imported: graph.importedRegistrations,
            supertypes: { graph.types[$0]?.supertypes ?? [] }, indexingNames: indexingNames)
    }

    init(
        registrations: [Registration], imported: [Registration], supertypes: (String) -> [String],
        indexingNames: Bool = true
    ) {
        byKey.reserveCapacity(registrations.count + imported.count)
        for (index, registration) in registrations.enumerated() {
            let entry = Entry(
                id: registration.id, isFactory: registration.isFactory, location: registration.location, local: index)
            byKey[entry.id, default: []].append(entry)
            if indexingNames { addNames([registration.id.typeName] + supertypes(registration.id.typeName), of: entry) }
        }
        for registration in imported {
            let entry = Entry(id: registration.id, isFactory: registration.isFactory, location: nil, local: nil)
            byKey[entry.id, default: []].append(entry)
            if indexingNames { addNames([registration.id.typeName] + registration.links, of: entry) }
        }
    }

    private mutating func addNames(_ names: [String], of entry: Entry) {
        var seen: Set<String> = []
        for name in names where seen.insert(name).inserted { byName[name, default: []].append(entry) }
    }

    /// Registrations with exactly this key.
    func exactMatches(_ id: RegistrationID) -> [Entry] { byKey[id] ?? [] }

    /// Registrations of `typeName` or one of its subtypes, restricted to `qualifier` unless it is empty.
    func candidates(for typeName: String, qualifier: String) -> [Entry] {
        let all = byName[typeName] ?? []
        return qualifier.isEmpty ? all : all.filter { $0.id.qualifier == qualifier }
    }

    /// Distinct ids of entries, sorted.
    static func ids(_ entries: [Entry]) -> [RegistrationID] { Array(Set(entries.map(\.id))).sorted() }
}
