/// Supertypes of every type in the table (`README.md`, Vocabulary): the names of the inheritance clauses of
/// its declarations and extensions, resolved, followed transitively through the types the sources declare.
struct TypeHierarchy {
    /// Resolved names listed by each type's declarations and extensions, in order, without duplicates.
    private(set) var directSupertypes: [String: [String]] = [:]
    /// The transitive closure, in discovery order.
    private(set) var supertypes: [String: [String]] = [:]
    /// Superclasses declared in the sources, nearest first.
    private(set) var superclasses: [String: [String]] = [:]
    /// Types whose supertypes include a protocol that provides `Inject(...)`.
    private var injectCapable: Set<String> = []
    /// The resolved first inheritance-clause name of each class's first own declaration.
    private var firstInherited: [String: String] = [:]
    private let reads: LinkReads

    init(table: TypeTable, resolver: NameResolver) {
        reads = table.reads
        directSupertypes.reserveCapacity(table.entries.count)
        for (name, entry) in table.entries {
            var names: [String] = []
            for ref in entry.declarations {
                // Fields are read in place: copying a whole declaration fact per look-up dominated this loop.
                let kind = table[ref].kind
                let inheritedNames = table[ref].inherited
                guard !inheritedNames.isEmpty else { continue }
                // An inheritance clause of a type is read in the enclosing scope; an extension's in the extended type.
                let scope = kind == .extension ? name : table.enclosingScope[ref] ?? ""
                for inherited in inheritedNames {
                    let resolved =
                        DINames.protocols.contains(inherited.name)
                        ? inherited.name : resolver.resolve(inherited.name, in: scope).name
                    if ref == entry.primaries.first && kind == .class && firstInherited[name] == nil {
                        firstInherited[name] = resolved
                    }
                    if !resolved.isEmpty && resolved != name && !names.contains(resolved) { names.append(resolved) }
                }
            }
            directSupertypes[name] = names
        }
        supertypes.reserveCapacity(table.entries.count)
        superclasses.reserveCapacity(table.entries.count)
        for name in table.entries.keys {
            let all = closure(of: name, table: table)
            supertypes[name] = all
            superclasses[name] = superclassChain(of: name, table: table)
            if all.contains(where: LinkNames.injectCapable.contains) { injectCapable.insert(name) }
        }
    }

    private func closure(of name: String, table: TypeTable) -> [String] {
        let direct = directSupertypes[name] ?? []
        // Most types list only names declared elsewhere (or nothing): their closure is the direct list
        // (already without duplicates and without the type itself).
        if !direct.contains(where: { table.entries[$0]?.isDeclared == true }) { return direct }
        var result: [String] = []
        var seen: Set<String> = [name]
        var queue = directSupertypes[name] ?? []
        var index = 0
        while index < queue.count {
            let next = queue[index]
            index += 1
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            // External names are included but not followed.
            if table.entries[next]?.isDeclared == true { queue.append(contentsOf: directSupertypes[next] ?? []) }
        }
        return result
    }

    /// A class's superclass is the first name of its own declaration's inheritance clause, when that names a
    /// class declared in the sources.
    private func superclassChain(of name: String, table: TypeTable) -> [String] {
        var chain: [String] = []
        var current = name
        while let superclass = superclass(of: current, table: table), superclass != name, !chain.contains(superclass) {
            chain.append(superclass)
            current = superclass
        }
        return chain
    }

    private func superclass(of name: String, table: TypeTable) -> String? {
        guard let first = firstInherited[name], table.kind(of: first) == .class else { return nil }
        return first
    }

    /// Protocols declared in the sources among a type's supertypes (recorded as read, with their kinds).
    func declaredProtocols(of name: String, table: TypeTable) -> [String] {
        table.reads.note(name)
        return (supertypes[name] ?? []).filter { table.kind(of: $0) == .protocol }
    }

    /// Superclasses declared in the sources, nearest first (recorded as read).
    func superclasses(of name: String) -> [String] {
        reads.note(name)
        return superclasses[name] ?? []
    }

    /// A type whose own or inherited (declared) supertypes list a protocol that provides `Inject(...)`.
    func isInjectCapable(_ name: String) -> Bool {
        reads.note(name)
        return injectCapable.contains(name)
    }

    /// What the hierarchy says about one name, for `NameViews`.
    func view(of name: String) -> (supertypes: [String], superclasses: [String], isInjectCapable: Bool) {
        (supertypes[name] ?? [], superclasses[name] ?? [], injectCapable.contains(name))
    }
}
