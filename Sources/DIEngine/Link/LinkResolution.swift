/// Fills in effective qualifiers, exact matches, candidates and links.
struct LinkResolution {
    let properties: PropertyNode
    let index: CandidateIndex

    /// The qualifier a `qualifierBy` path yields at build time: the emitted text of its scalar (`null` gives
    /// `""`), or nil when the property is missing, malformed or not a scalar (validation reports those).
    static func qualifier(at path: String, in properties: PropertyNode) -> String? {
        guard case .found(let node) = PropertyPath.lookup(path, in: properties), let scalar = node.scalar else {
            return nil
        }
        return scalar.emittedText
    }

    /// Resolves every dependency of known registrations and of non-registered owners, adds the demanded
    /// links, and the export links of `exportedSupertypes` (one list per registration, `Linker`'s; nil when
    /// the target exports none), asked for once the dependencies are resolved. Registrations and their
    /// dependencies are updated in place: a copy of each registration cost more than its resolution.
    static func apply(to graph: inout LinkedGraph, exportedSupertypes: (LinkedGraph) -> [[String]]?) {
        let resolution = LinkResolution(properties: graph.properties, index: CandidateIndex(graph: graph))
        // Links found here, beside each registration's own.
        var links = [[String]](repeating: [], count: graph.registrations.count)
        for index in graph.registrations.indices where !graph.registrations[index].dependenciesUnknown {
            for position in graph.registrations[index].dependencies.indices {
                resolution.resolve(&graph.registrations[index].dependencies[position], links: &links)
            }
            // The arguments are the first dependencies, in order (`Registration.claimArguments`).
            let constructorCount = graph.registrations[index].constructorArguments.count
            let injectorCount = graph.registrations[index].injectorArguments.count
            let dependencyCount = graph.registrations[index].dependencies.count
            guard dependencyCount >= constructorCount + injectorCount else { continue }
            for position in 0..<constructorCount {
                graph.registrations[index].constructorArguments[position].dependency =
                    graph.registrations[index].dependencies[position]
            }
            for position in 0..<injectorCount {
                graph.registrations[index].injectorArguments[position].dependency =
                    graph.registrations[index].dependencies[constructorCount + position]
            }
        }
        for position in graph.unownedDependencies.indices {
            resolution.resolve(&graph.unownedDependencies[position], links: &links)
        }
        let exported = exportedSupertypes(graph)
        for index in graph.registrations.indices {
            if let exported { links[index] += exported[index] }
            // Most registrations demand no link of their own: no concatenation then.
            if graph.registrations[index].links.isEmpty {
                graph.registrations[index].links = sortedUnique(links[index])
            } else if !links[index].isEmpty {
                graph.registrations[index].links = sortedUnique(graph.registrations[index].links + links[index])
            } else {
                graph.registrations[index].links = sortedUnique(graph.registrations[index].links)
            }
        }
    }

    /// `names` deduplicated and in byte order. ASCII names (all Swift identifiers in practice) are equal
    /// exactly when their bytes are, so neighbours after sorting are compared; other names go through a set,
    /// which also merges canonically equivalent spellings.
    static func sortedUnique(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        guard names.allSatisfy(ByteOrder.isASCII) else { return ByteOrder.sorted(Array(Set(names))) }
        var unique = names.sorted()
        var kept = 1
        for position in 1..<unique.count where unique[position] != unique[kept - 1] {
            unique.swapAt(kept, position)
            kept += 1
        }
        unique.removeLast(unique.count - kept)
        return unique
    }

    /// Export links skip the DI protocols, generic names and common standard-library protocols (and
    /// protocols with associated types, which only the type table knows: `Linker`).
    static func isExportableName(_ name: String) -> Bool {
        !DINames.protocols.contains(name) && !LinkNames.notExported.contains(name) && !name.contains("<")
    }

    private func resolve(_ dependency: inout Dependency, links: inout [[String]]) {
        dependency.effectiveQualifier = dependency.qualifier
        if let path = dependency.qualifierBy {
            guard let value = Self.qualifier(at: path, in: properties) else {
                dependency.candidates = []
                return
            }
            dependency.effectiveQualifier = value
        }
        let typeName = dependency.typeName
        let entries = index.entries
        if !dependency.isArray && !dependency.isPayload && dependency.qualifierBy == nil {
            let exact = Array(
                index.exactPositions(RegistrationID(typeName: typeName, qualifier: dependency.effectiveQualifier)))
            if !exact.isEmpty {
                dependency.isExactMatch = true
                dependency.candidates = Self.ids(exact, in: entries)
                dependency.hasImportedCandidate = exact.contains { entries[$0].local == nil }
                return
            }
        }
        let qualifier = dependency.effectiveQualifier
        var found: [Int] = []
        for position in index.namePositions(typeName)
        where qualifier.isEmpty || entries[position].id.qualifier == qualifier {
            found.append(position)
        }
        dependency.candidates = Self.ids(found, in: entries)
        dependency.hasImportedCandidate = found.contains { entries[$0].local == nil }
        for position in found { if let local = entries[position].local { links[local].append(typeName) } }
    }

    /// `CandidateIndex.ids` of the entries at `positions`, without copying the entries.
    private static func ids(_ positions: [Int], in entries: [CandidateIndex.Entry]) -> [RegistrationID] {
        switch positions.count {
        case 0: []
        case 1: [entries[positions[0]].id]
        default: Array(Set(positions.map { entries[$0].id })).sorted()
        }
    }
}
