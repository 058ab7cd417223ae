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
    /// links, and, with `exportLinks`, a link to every exportable supertype.
    static func apply(to graph: inout LinkedGraph, exportLinks: Bool, unexportable: Set<String>) {
        let resolution = LinkResolution(properties: graph.properties, index: CandidateIndex(graph: graph))
        var links = graph.registrations.map { Set($0.links) }
        for index in graph.registrations.indices where !graph.registrations[index].dependenciesUnknown {
            var registration = graph.registrations[index]
            for position in registration.dependencies.indices {
                resolution.resolve(&registration.dependencies[position], links: &links)
            }
            // The arguments are the first dependencies, in order (`Registration.claimArguments`).
            let constructorCount = registration.constructorArguments.count
            guard registration.dependencies.count >= constructorCount + registration.injectorArguments.count else {
                graph.registrations[index] = registration
                continue
            }
            for position in registration.constructorArguments.indices {
                registration.constructorArguments[position].dependency = registration.dependencies[position]
            }
            for position in registration.injectorArguments.indices {
                registration.injectorArguments[position].dependency =
                    registration.dependencies[constructorCount + position]
            }
            graph.registrations[index] = registration
        }
        for position in graph.unownedDependencies.indices {
            resolution.resolve(&graph.unownedDependencies[position], links: &links)
        }
        for index in graph.registrations.indices {
            if exportLinks {
                let supertypes = graph.types[graph.registrations[index].id.typeName]?.supertypes ?? []
                links[index].formUnion(supertypes.filter { isExportable($0, unexportable: unexportable) })
            }
            graph.registrations[index].links = ByteOrder.sorted(Array(links[index]))
        }
    }

    /// Export links skip the DI protocols, protocols with associated types, generic names and common
    /// standard-library protocols.
    private static func isExportable(_ name: String, unexportable: Set<String>) -> Bool {
        !DINames.protocols.contains(name) && !LinkNames.notExported.contains(name) && !unexportable.contains(name)
            && !name.contains("<")
    }

    private func resolve(_ dependency: inout Dependency, links: inout [Set<String>]) {
        dependency.effectiveQualifier = dependency.qualifier
        if let path = dependency.qualifierBy {
            guard let value = Self.qualifier(at: path, in: properties) else {
                dependency.candidates = []
                return
            }
            dependency.effectiveQualifier = value
        }
        let typeName = dependency.typeName
        if !dependency.isArray && !dependency.isPayload && dependency.qualifierBy == nil {
            let exact = index.exactMatches(RegistrationID(typeName: typeName, qualifier: dependency.effectiveQualifier))
            if !exact.isEmpty {
                dependency.isExactMatch = true
                dependency.candidates = CandidateIndex.ids(exact)
                dependency.hasImportedCandidate = exact.contains { $0.local == nil }
                return
            }
        }
        let entries = index.candidates(for: typeName, qualifier: dependency.effectiveQualifier)
        dependency.candidates = CandidateIndex.ids(entries)
        dependency.hasImportedCandidate = entries.contains { $0.local == nil }
        for entry in entries { if let local = entry.local { links[local].insert(typeName) } }
    }
}
