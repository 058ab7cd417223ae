/// Every registration key of a graph, this module's and the imported ones: which local registration has it
/// first and how many registrations (and factories) have it. Built once for the whole validation: the
/// duplicate check, the cycle edges and the link checks each hashed every registration into a table of
/// their own.
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

    private var keys: [RegistrationID: Key] = [:]

    init(graph: LinkedGraph) {
        let registrations = graph.registrations
        let imported = graph.importedRegistrations
        keys.reserveCapacity(registrations.count + imported.count)
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

    /// One hash of the key: the entry is changed in place, made empty first when it is new.
    private mutating func add(_ id: RegistrationID, local: Int?, isFactory: Bool) {
        Self.count(&keys[id, default: Key(firstLocal: -1, count: 0, factories: 0)], local: local, isFactory: isFactory)
    }

    private static func count(_ key: inout Key, local: Int?, isFactory: Bool) {
        key.count += 1
        if isFactory { key.factories += 1 }
        if let local, key.firstLocal < 0 { key.firstLocal = Int32(local) }
    }

    subscript(id: RegistrationID) -> Key? { keys[id] }

    /// The first local registration with `id`, nil when there is none.
    func firstLocal(_ id: RegistrationID) -> Int? {
        guard let first = keys[id]?.firstLocal, first >= 0 else { return nil }
        return Int(first)
    }
}
