/// The link stage: joins the facts
/// of every file into one graph of registrations, dependencies, candidates and links.
enum Linker {
    /// Links one target.
    ///
    /// - Parameters:
    ///   - files: every scanned file with its display path, in inventory order (sorted by path).
    ///   - properties: the merged property tree (`qualifierBy` values are read from it).
    ///   - importedModules: the target's resolved files of other modules.
    ///   - runtimeModule: the module the generated file imports itself (left out of `LinkedGraph.imports`).
    ///   - exportLinks: the target writes a resolved file, so registrations get export links.
    ///   - describing: declared types to describe in `LinkedGraph.types` besides those DI code reaches.
    /// - Returns: the graph (registrations in generation order) and the scan diagnostics of every file plus
    ///   the checks that need more than one file (`S01`–`S08`, `S11`, `S16`, `S27`–`S33`, `S36`–`S38`).
    ///   Link, cycle and property checks are `Validator.validate`'s.
    static func link(
        files: [(path: String, facts: FileFacts)], properties: PropertyNode, importedModules: [ResolvedModule] = [],
        runtimeModule: String = "DIRuntime", exportLinks: Bool = false, describing: Set<String> = []
    ) -> (graph: LinkedGraph, diagnostics: [Diagnostic]) {
        guard files.contains(where: { $0.facts.mayRegisterOrDepend }) else {
            return linkWithoutDI(
                files: files, properties: properties, importedModules: importedModules, runtimeModule: runtimeModule,
                exportLinks: exportLinks)
        }
        return linkEveryType(
            files: files, properties: properties, importedModules: importedModules, runtimeModule: runtimeModule,
            exportLinks: exportLinks, describing: describing)
    }

    /// The general path: builds the type table and hierarchy and looks at every declaration (as
    /// `IncrementalLinker` does without a previous link).
    static func linkEveryType(
        files: [(path: String, facts: FileFacts)], properties: PropertyNode, importedModules: [ResolvedModule],
        runtimeModule: String, exportLinks: Bool, describing: Set<String> = []
    ) -> (graph: LinkedGraph, diagnostics: [Diagnostic]) {
        let inputs = files.map { file in
            LinkInput(
                path: file.path, facts: file.facts, factsDigest: 0, interfaceDigest: 0,
                mayRegisterOrDepend: file.facts.mayRegisterOrDepend, detail: nil)
        }
        // Whole facts need no decoding, so the link cannot fail.
        let link = IncrementalLinker.link(
            inputs, properties: properties, importedModules: importedModules, runtimeModule: runtimeModule,
            exportLinks: exportLinks, previous: nil, keepsState: false, describing: describing)!
        return (link.graph, link.diagnostics)
    }

    /// The graph from the link units of every registered type (in name order) and of every file with DI
    /// code (in input order).
    static func assemble(
        session: LinkSession, typeUnits: [TypeLinkUnit], fileUnits: [FileLinkUnit], importedModules: [ResolvedModule],
        properties: PropertyNode, runtimeModule: String, exportLinks: Bool, describing: Set<String> = [],
        describedBefore: [String: DeclaredType] = [:]
    ) -> LinkedGraph {
        let table = session.table
        var pending = typeUnits.flatMap(\.pending)
        let configurationFiles = firstIndices(of: Set(typeUnits.flatMap(\.configurationFiles)), in: table.sources)

        let members = MemberDependencies(files: fileUnits.map(\.members))
        var owned: Set<String> = []
        for index in pending.indices where pending[index].ownsTypeDependencies {
            let type = pending[index].registration.id.typeName
            owned.insert(type)
            let id = pending[index].registration.id
            pending[index].registration.dependencies += (members.byOwner[type] ?? []).map { dependency in
                var owned = dependency
                owned.owner = id
                return owned
            }
        }
        let unownedOwners = members.byOwner.keys.filter { table.entries[$0] != nil && !owned.contains($0) }
        let unowned = ByteOrder.sorted(unownedOwners).flatMap { members.byOwner[$0] ?? [] }

        // Only registrations declared under `#if` can have branch twins.
        let unmerged =
            pending.contains { !$0.conditions.isEmpty } ? PendingRegistration.mergingBranchTwins(pending) : pending
        let merged = inGenerationOrder(unmerged)
        var graph = LinkedGraph(
            registrations: merged.map(\.registration),
            importedRegistrations: importedModules.flatMap(\.registrations),
            unownedDependencies: unowned.sorted { $0.location < $1.location },
            imports: GeneratedImports.merge(
                imports: configurationFiles.map { table.sources[$0].facts.imports },
                dependencyModules: importedModules.flatMap(\.imports), runtimeModule: runtimeModule),
            properties: properties,
            propertyUses: (merged.flatMap(\.propertyUses) + members.propertyUses).sorted { $0.location < $1.location })
        graph.types = declaredTypes(session, reachedFrom: graph, describing: describing, before: describedBefore)
        // Only the supertypes of registered types are asked about (export links), not every name of the table.
        var unexportable: Set<String> = []
        if exportLinks {
            var asked: Set<String> = []
            for index in graph.registrations.indices {
                for name in graph.types[graph.registrations[index].id.typeName]?.supertypes ?? []
                where asked.insert(name).inserted
                    && table.entries[name]?.primaries.contains(where: { table[$0].hasAssociatedType }) == true
                {
                    unexportable.insert(name)
                }
            }
        }
        LinkResolution.apply(to: &graph, exportLinks: exportLinks, unexportable: unexportable)
        return graph
    }

    /// `link` for sources that declare no registration and request no dependency or property: the type
    /// table, hierarchy and member scan would find nothing, so only the scanner's diagnostics and the
    /// imported modules remain. Gives the same graph and diagnostics as `linkEveryType` (whose
    /// `LinkedGraph.types` describes only what DI code reaches: nothing here).
    static func linkWithoutDI(
        files: [(path: String, facts: FileFacts)], properties: PropertyNode, importedModules: [ResolvedModule],
        runtimeModule: String, exportLinks: Bool
    ) -> (graph: LinkedGraph, diagnostics: [Diagnostic]) {
        var graph = LinkedGraph(
            importedRegistrations: importedModules.flatMap(\.registrations),
            imports: GeneratedImports.merge(
                imports: [], dependencyModules: importedModules.flatMap(\.imports), runtimeModule: runtimeModule),
            properties: properties)
        LinkResolution.apply(to: &graph, exportLinks: exportLinks, unexportable: [])
        let diagnostics = files.flatMap { file in file.facts.diagnostics.map { $0.located(in: file.path) } }
        return (graph, diagnostics)
    }

    /// The ascending indices of the first source with each of `paths`.
    private static func firstIndices(of paths: Set<String>, in sources: [LinkSource]) -> [Int] {
        guard !paths.isEmpty else { return [] }
        var found: Set<String> = []
        return sources.indices.filter { paths.contains(sources[$0].path) && found.insert(sources[$0].path).inserted }
    }

    /// `pending` stably sorted by `precedes`. The units deliver almost this order already, so a sorted list
    /// is only checked; otherwise indices are sorted (moving whole registrations cost more than comparing).
    private static func inGenerationOrder(_ pending: [PendingRegistration]) -> [PendingRegistration] {
        if zip(pending, pending.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return pending }
        let order = pending.indices.sorted { lhs, rhs in
            precedes(pending[lhs], pending[rhs]) || (!precedes(pending[rhs], pending[lhs]) && lhs < rhs)
        }
        return order.map { pending[$0] }
    }

    /// Generation order: type name, qualifier, then source location.
    private static func precedes(_ lhs: PendingRegistration, _ rhs: PendingRegistration) -> Bool {
        let left = lhs.registration
        let right = rhs.registration
        if left.id.typeName != right.id.typeName { return ByteOrder.precedes(left.id.typeName, right.id.typeName) }
        if left.id.qualifier != right.id.qualifier { return ByteOrder.precedes(left.id.qualifier, right.id.qualifier) }
        switch (left.location, right.location) {
        case (let l?, let r?): return l < r
        case (nil, .some): return false
        case (.some, nil): return true
        case (nil, nil): return false
        }
    }

    /// The declared types that resolution and validation look up: registered types and the types of
    /// dependencies, plus `describing` (`why` asks about any name). Describing every declared type cost
    /// more than the rest of a relink on a large project. A description in `before` is taken as it is (the
    /// caller knows it is still right: `IncrementalLinker`).
    private static func declaredTypes(
        _ session: LinkSession, reachedFrom graph: LinkedGraph, describing: Set<String>,
        before: [String: DeclaredType]
    ) -> [String: DeclaredType] {
        var names = describing
        names.reserveCapacity(describing.count + 2 * graph.registrations.count)
        // By index: a copy of each registration cost more than reading its names.
        let registrations = graph.registrations
        for index in registrations.indices {
            names.insert(registrations[index].id.typeName)
            for position in registrations[index].dependencies.indices {
                names.insert(registrations[index].dependencies[position].typeName)
            }
        }
        for dependency in graph.unownedDependencies { names.insert(dependency.typeName) }
        let table = session.table
        var types: [String: DeclaredType] = [:]
        types.reserveCapacity(names.count)
        for name in names {
            if let known = before[name] {
                types[name] = known
                continue
            }
            guard let entry = table.entries[name], let first = entry.primaries.first ?? entry.extensions.first
            else { continue }
            types[name] = DeclaredType(
                name: name, kind: table.kind(of: name), location: table.location(of: first),
                supertypes: session.hierarchy.supertypes(of: name),
                superclasses: session.hierarchy.superclassChain(of: name))
        }
        return types
    }
}

extension FileFacts {
    /// Whether the link stage can find anything in this file beyond its scan diagnostics: a type listing a
    /// registration protocol, or an `Inject`/`InjectProperty`/`Config` call or a DI property wrapper. False
    /// for almost every file of a project that does not use dibuild. Conservative: true may find nothing.
    var mayRegisterOrDepend: Bool {
        declarations.contains { declaration in
            !declaration.injectCalls.isEmpty || !declaration.injectPropertyCalls.isEmpty
                || !declaration.configCalls.isEmpty || declaration.properties.contains { !$0.wrappers.isEmpty }
                || declaration.inherited.contains { LinkNames.registrationKinds[$0.name] != nil }
        }
    }
}
