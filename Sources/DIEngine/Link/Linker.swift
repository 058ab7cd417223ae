/// The link stage: joins the facts
/// of every file into one graph of registrations, dependencies, candidates and links.
enum Linker {
    /// The registrations (or kept descriptions) below which a piece of the assembly is done on the main
    /// thread: starting a thread and waiting for it cost more than the work.
    static let backgroundWorkMinimum = 1000

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
        describedBefore: () -> [String: DeclaredType] = { [:] }, describedAnew: ((Set<String>) -> Void)? = nil
    ) -> LinkedGraph {
        let table = session.table
        let configurationFiles = firstIndices(of: Set(typeUnits.flatMap(\.configurationFiles)), in: table.sources)
        let members = MemberDependencies(files: fileUnits.map(\.members))
        // Only registrations declared under `#if` can have branch twins.
        let hasBranches = typeUnits.contains { unit in unit.pending.contains { !$0.conditions.isEmpty } }
        let (registrations, propertyUses, owned, positions) =
            hasBranches
            ? mergedRegistrations(typeUnits, members: members) : orderedRegistrations(typeUnits, members: members)
        // The other core is idle until the export links: it renders the factory's blocks from the units while
        // the registrations are described and resolved here.
        let factoryBlocks =
            !hasBranches && importedModules.allSatisfy(\.registrations.isEmpty)
                && positions.count >= backgroundWorkMinimum
            ? prerenderedFactory(typeUnits, positions: positions) : PrerenderedFactory()
        let unownedOwners = members.byOwner.keys.filter { table.entries[$0] != nil && !owned.contains($0) }
        let unowned = ByteOrder.sorted(unownedOwners).flatMap { members.byOwner[$0] ?? [] }
        // Consumed: the list resolution updates in place must not be shared.
        var graph = LinkedGraph(
            registrations: consume registrations,
            importedRegistrations: importedModules.flatMap(\.registrations),
            unownedDependencies: unowned.sorted { $0.location < $1.location },
            imports: GeneratedImports.merge(
                imports: configurationFiles.map { table.sources[$0].facts.imports },
                dependencyModules: importedModules.flatMap(\.imports), runtimeModule: runtimeModule),
            properties: properties,
            propertyUses: (propertyUses + members.propertyUses).sorted { $0.location < $1.location },
            factoryBlocks: factoryBlocks)
        let described = declaredTypes(
            session, reachedFrom: graph, describing: describing, before: describedBefore(),
            notingAnew: describedAnew != nil)
        graph.types = described.types
        describedAnew?(described.anew)
        // The export links read only the table and the supertypes: found on the other core while the
        // candidates are indexed and resolved.
        let supertypes = described.registrationSupertypes
        let exporting =
            exportLinks && graph.registrations.count >= backgroundWorkMinimum
            ? BackgroundWork { [table = UncheckedTable(table)] in
                exportedSupertypes(of: supertypes, table: table.table)
            } : nil
        LinkResolution.apply(
            to: &graph, supertypes: { supertypes[$0] },
            exportedSupertypes: { [table] _ in
                guard exportLinks else { return nil }
                return exporting?.wait() ?? exportedSupertypes(of: supertypes, table: table)
            })
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
        // No registration, so no export link.
        LinkResolution.apply(to: &graph) { _ in nil }
        let diagnostics = files.flatMap { file in file.facts.diagnostics.map { $0.located(in: file.path) } }
        return (graph, diagnostics)
    }

    /// The ascending indices of the first source with each of `paths`.
    private static func firstIndices(of paths: Set<String>, in sources: LinkSources) -> [Int] {
        guard !paths.isEmpty else { return [] }
        var found: Set<String> = []
        let all = sources.paths
        return all.indices.filter { paths.contains(all[$0]) && found.insert(all[$0]).inserted }
    }

    /// The units' registrations in generation order with the member dependencies of the types they own,
    /// their property uses in the same order, and the owners of member dependencies among the registered
    /// types. Without `#if` branches there are no twins to merge: the registrations are ordered by position and copied once, not gathered into pending
    /// ones, merged, ordered and copied out again.
    /// `positions`: where each registration comes from, its unit and its index in the unit's `pending`.
    static func orderedRegistrations(_ typeUnits: [TypeLinkUnit], members: MemberDependencies) -> (
        registrations: [Registration], propertyUses: [PropertyUse], owned: Set<String>,
        positions: [(unit: Int, index: Int)]
    ) {
        var positions: [(unit: Int, index: Int)] = []
        for unit in typeUnits.indices {
            for index in typeUnits[unit].pending.indices { positions.append((unit, index)) }
        }
        func precedes(_ lhs: (unit: Int, index: Int), _ rhs: (unit: Int, index: Int)) -> Bool {
            Self.precedes(
                typeUnits[lhs.unit].pending[lhs.index].registration, typeUnits[rhs.unit].pending[rhs.index].registration
            )
        }
        // The units deliver almost this order already: a sorted list is only checked. Ties keep unit order.
        if !positions.indices.dropFirst().allSatisfy({ !precedes(positions[$0], positions[$0 - 1]) }) {
            positions = positions.indices.sorted { lhs, rhs in
                precedes(positions[lhs], positions[rhs]) || (!precedes(positions[rhs], positions[lhs]) && lhs < rhs)
            }.map { positions[$0] }
        }
        var registrations: [Registration] = []
        registrations.reserveCapacity(positions.count)
        var propertyUses: [PropertyUse] = []
        var owned: Set<String> = []
        for (unit, index) in positions {
            registrations.append(typeUnits[unit].pending[index].registration)
            propertyUses += typeUnits[unit].pending[index].propertyUses
            guard typeUnits[unit].pending[index].ownsTypeDependencies else { continue }
            let last = registrations.count - 1
            if appendMemberDependencies(of: &registrations[last], from: members) {
                owned.insert(registrations[last].id.typeName)
            }
        }
        return (registrations, propertyUses, owned, positions)
    }

    /// `orderedRegistrations` for units with `#if` branches: twins (equal apart from locations, member
    /// dependencies included) are merged before ordering, so a registration has no one position (none given).
    static func mergedRegistrations(_ typeUnits: [TypeLinkUnit], members: MemberDependencies) -> (
        registrations: [Registration], propertyUses: [PropertyUse], owned: Set<String>,
        positions: [(unit: Int, index: Int)]
    ) {
        var pending = typeUnits.flatMap(\.pending)
        var owned: Set<String> = []
        for index in pending.indices where pending[index].ownsTypeDependencies {
            if appendMemberDependencies(of: &pending[index].registration, from: members) {
                owned.insert(pending[index].registration.id.typeName)
            }
        }
        let merged = inGenerationOrder(PendingRegistration.mergingBranchTwins(pending))
        return (merged.map(\.registration), merged.flatMap(\.propertyUses), owned, [])
    }

    /// The factory's blocks rendered on another thread from the units' registrations at `positions` (in the
    /// graph's order), which nobody changes: resolution changes the graph's copies.
    private static func prerenderedFactory(_ typeUnits: [TypeLinkUnit], positions: [(unit: Int, index: Int)])
        -> PrerenderedFactory
    {
        PrerenderedFactory { [units = UncheckedUnits(typeUnits)] in
            FactoryBlocks.render(count: positions.count) { index, body in
                units.units[positions[index].unit].pending.withUnsafeBufferPointer { pending in
                    body(UncheckedUnits.registration(at: pending.baseAddress! + positions[index].index))
                }
            }
        }
    }

    /// Gives a type's own registration the `Inject(...)` calls and wrappers of its members; false when its
    /// type has none. `owned` lists only the types that have some: it is asked only about owners of member
    /// dependencies, and inserting every registered type hashed each name a second time.
    private static func appendMemberDependencies(of registration: inout Registration, from members: MemberDependencies)
        -> Bool
    {
        guard let dependencies = members.byOwner[registration.id.typeName] else { return false }
        let id = registration.id
        registration.dependencies += dependencies.map { dependency in
            var owned = dependency
            owned.owner = id
            return owned
        }
        return true
    }

    /// `pending` stably sorted by `precedes`. The units deliver almost this order already, so a sorted list
    /// is only checked; otherwise indices are sorted (moving whole registrations cost more than comparing).
    /// Compared by index: a copy of two registrations per comparison cost more than the check.
    static func inGenerationOrder(_ pending: [PendingRegistration]) -> [PendingRegistration] {
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            Self.precedes(pending[lhs].registration, pending[rhs].registration)
        }
        if pending.indices.dropFirst().allSatisfy({ !precedes($0, $0 - 1) }) { return pending }
        let order = pending.indices.sorted { lhs, rhs in
            precedes(lhs, rhs) || (!precedes(rhs, lhs) && lhs < rhs)
        }
        return order.map { pending[$0] }
    }

    /// Generation order: type name, qualifier, then source location.
    private static func precedes(_ left: Registration, _ right: Registration) -> Bool {
        if left.id.typeName != right.id.typeName { return ByteOrder.precedes(left.id.typeName, right.id.typeName) }
        if left.id.qualifier != right.id.qualifier { return ByteOrder.precedes(left.id.qualifier, right.id.qualifier) }
        switch (left.location, right.location) {
        case (let l?, let r?): return l < r
        case (nil, .some): return false
        case (.some, nil): return true
        case (nil, nil): return false
        }
    }

    /// The exportable names of each list of `supertypeLists` (the registrations' supertypes, for
    /// `LinkResolution.apply`'s export links), in supertype order. Only the supertypes of registered types
    /// are asked about, not every name of the table, and each name once.
    static func exportedSupertypes(of supertypeLists: [[String]], table: TypeTable) -> [[String]] {
        // About one supertype name of its own per registered type: reserved, the table grew in steps.
        // Each name's answer by its `IndexedNames` position (xxh3, not SipHash).
        var asked = IndexedNames(minimumCapacity: 2 * supertypeLists.count)
        var exportable: [Bool] = []
        exportable.reserveCapacity(2 * supertypeLists.count)
        var result: [[String]] = []
        result.reserveCapacity(supertypeLists.count)
        for supertypes in supertypeLists {
            var names: [String] = []
            for name in supertypes {
                let position = asked.insert(name)
                if position == exportable.count {
                    exportable.append(
                        LinkResolution.isExportableName(name) && !declaresAssociatedType(name, in: table))
                }
                if exportable[position] { names.append(name) }
            }
            result.append(names)
        }
        return result
    }

    /// Whether a declaration of `name` itself (not an extension) declares an associated type. A loop, not
    /// `contains(where: table.hasAssociatedType)`: that method reference copied the whole table (a retain
    /// per field) per name.
    private static func declaresAssociatedType(_ name: String, in table: TypeTable) -> Bool {
        guard let entry = table.entries[name] else { return false }
        for primary in entry.primaries where table.hasAssociatedType(primary) { return true }
        return false
    }

    /// The declared types that resolution and validation look up: registered types and the types of
    /// dependencies, plus `describing` (`why` asks about any name). Describing every declared type cost
    /// more than the rest of a relink on a large project. A description in `before` is taken as it is (the
    /// caller knows it is still right: `IncrementalLinker`); with `notingAnew`, `anew` lists the names
    /// described here instead (else it is empty). `registrationSupertypes`: each registration's
    /// `types[typeName]?.supertypes ?? []`, in the graph's order, noted while the names are looked at (the
    /// candidate index and the export links looked each up again, a SipHash each).
    private static func declaredTypes(
        _ session: LinkSession, reachedFrom graph: LinkedGraph, describing: Set<String>,
        before: consuming [String: DeclaredType], notingAnew: Bool
    ) -> (types: [String: DeclaredType], anew: Set<String>, registrationSupertypes: [[String]]) {
        // `IndexedNames`, not a `Set`: the names are hashed with xxh3, not SipHash.
        var names = IndexedNames(minimumCapacity: describing.count + 2 * graph.registrations.count)
        for name in describing { names.insert(name) }
        // By index: a copy of each registration cost more than reading its names.
        let registrations = graph.registrations
        var registrationNames: [Int] = []
        registrationNames.reserveCapacity(registrations.count)
        for index in registrations.indices {
            registrationNames.append(names.insert(registrations[index].id.typeName))
            for position in registrations[index].dependencies.indices {
                names.insert(registrations[index].dependencies[position].typeName)
            }
        }
        for dependency in graph.unownedDependencies { names.insert(dependency.typeName) }
        let table = session.table
        // The kept descriptions stay in their dictionary, which the caller hands over: copying each into a
        // new one retained every field and hashed every name again. Those no longer reached go first; when
        // every kept one is reached (an edit that adds a registration), they are not hashed again to see.
        var types = consume before
        var undescribed: [Int] = []
        var supertypes = [[String]](repeating: [], count: names.count)
        for (position, name) in names.names.enumerated() {
            if let kept = types.index(forKey: name) {
                supertypes[position] = types[kept].value.supertypes
            } else {
                undescribed.append(position)
            }
        }
        if names.count - undescribed.count < types.count {
            let unreached = types.keys.filter { names.position(of: $0) == nil }
            for name in unreached { types.removeValue(forKey: name) }
        }
        types.reserveCapacity(names.count)
        var anew: Set<String> = []
        for position in undescribed {
            let name = names.names[position]
            guard let entry = table.entries[name], let first = entry.primaries.first ?? entry.extensions.first
            else { continue }
            supertypes[position] = session.hierarchy.supertypes(of: name)
            types[name] = DeclaredType(
                name: name, kind: table.kind(of: name), location: table.location(of: first),
                supertypes: supertypes[position], superclasses: session.hierarchy.superclassChain(of: name))
            if notingAnew { anew.insert(name) }
        }
        return (types, anew, registrationNames.map { supertypes[$0] })
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

/// The link units handed to the thread rendering the factory's blocks: it only reads them, and nobody
/// changes them while the graph lives.
private struct UncheckedUnits: @unchecked Sendable {
    let units: [TypeLinkUnit]
    init(_ units: [TypeLinkUnit]) { self.units = units }

    /// The address of a pending registration's registration, without copying it (a retain per field).
    static func registration(at pending: UnsafePointer<PendingRegistration>) -> UnsafePointer<Registration> {
        (UnsafeRawPointer(pending) + MemoryLayout<PendingRegistration>.offset(of: \.registration)!)
            .assumingMemoryBound(to: Registration.self)
    }
}
