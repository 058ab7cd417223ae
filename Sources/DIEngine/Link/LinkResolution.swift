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
    /// `supertypes`: the supertypes of the registration at an index, when the caller has them at hand
    /// (else read from `graph.types`).
    static func apply(
        to graph: inout LinkedGraph, supertypes: ((Int) -> [String])? = nil,
        exportedSupertypes: (LinkedGraph) -> [[String]]?
    ) {
        let index =
            supertypes.map { supertypes in
                CandidateIndex(
                    registrations: graph.registrations, imported: graph.importedRegistrations,
                    supertypesAt: supertypes)
            } ?? CandidateIndex(graph: graph)
        let resolution = LinkResolution(properties: graph.properties, index: index)
        // Links found here, beside each registration's own.
        var links = [[String]](repeating: [], count: graph.registrations.count)
        for index in graph.registrations.indices where !graph.registrations[index].dependenciesUnknown {
            resolution.resolveDependencies(of: &graph.registrations[index], links: &links)
        }
        for position in graph.unownedDependencies.indices {
            resolution.resolve(&graph.unownedDependencies[position], links: &links)
        }
        let exported = exportedSupertypes(graph)
        for index in graph.registrations.indices {
            // Most registrations found no link during resolution: their export links are taken, not appended.
            if let exported {
                if links[index].isEmpty { links[index] = exported[index] } else { links[index] += exported[index] }
            }
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
        !DINames.protocols.contains(name) && !LinkNames.notExported.contains(name) && !isGeneric(name)
    }

    /// Whether `name` holds the character `<`. Its bytes are searched first: walking the characters of
    /// every supertype name cost more than the set look-ups, and without the byte there is no such character.
    private static func isGeneric(_ name: String) -> Bool {
        name.utf8.contains(UInt8(ascii: "<")) && name.contains("<")
    }

    /// Resolves a registration's dependencies and copies them into its arguments, through one access to
    /// the registration.
    private func resolveDependencies(of registration: inout Registration, links: inout [[String]]) {
        for position in registration.dependencies.indices {
            resolve(&registration.dependencies[position], links: &links)
        }
        // The arguments are the first dependencies, in order (`Registration.claimArguments`).
        let constructorCount = registration.constructorArguments.count
        let injectorCount = registration.injectorArguments.count
        guard registration.dependencies.count >= constructorCount + injectorCount else { return }
        registration.constructorArguments = Self.arguments(
            registration.constructorArguments, resolvedAs: registration.dependencies[..<constructorCount])
        registration.injectorArguments = Self.arguments(
            registration.injectorArguments,
            resolvedAs: registration.dependencies[constructorCount..<constructorCount + injectorCount])
    }

    /// `arguments` with `dependencies` as their dependencies, in a new array: assigned in place, the
    /// arguments (shared with the link units) were first copied whole, old dependencies included.
    private static func arguments(_ arguments: [DependencyArgument], resolvedAs dependencies: ArraySlice<Dependency>)
        -> [DependencyArgument]
    {
        guard !arguments.isEmpty else { return arguments }
        var resolved: [DependencyArgument] = []
        resolved.reserveCapacity(arguments.count)
        for (argument, dependency) in zip(arguments.indices, dependencies.indices) {
            resolved.append(DependencyArgument(label: arguments[argument].label, dependency: dependencies[dependency]))
        }
        return resolved
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
        // One look-up of the type name gives both the exact and the by-name positions.
        index.withPositions(of: dependency.typeName, qualifier: dependency.effectiveQualifier) { exact, byName in
            resolve(&dependency, exact: exact, byName: byName, links: &links)
        }
    }

    /// `resolve` given the positions of the dependency's key and of its type name.
    private func resolve(
        _ dependency: inout Dependency, exact: CandidateIndex.Positions, byName: CandidateIndex.Positions,
        links: inout [[String]]
    ) {
        let entries = index.entries
        if !dependency.isArray && !dependency.isPayload && dependency.qualifierBy == nil {
            var exact = exact
            if let first = exact.next() {
                dependency.isExactMatch = true
                // One registration per key is the rule: no array of positions for it.
                guard let second = exact.next() else {
                    dependency.candidates = [entries[first].id]
                    dependency.hasImportedCandidate = entries[first].local == nil
                    return
                }
                let matched = [first, second] + Array(exact)
                dependency.candidates = Self.ids(matched, in: entries)
                dependency.hasImportedCandidate = matched.contains { entries[$0].local == nil }
                return
            }
        }
        let qualifier = dependency.effectiveQualifier
        let typeName = dependency.typeName
        var found: [Int] = []
        for position in byName where qualifier.isEmpty || entries[position].id.qualifier == qualifier {
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
