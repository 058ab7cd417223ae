/// Supertypes of the types in the table: the names of the inheritance clauses of
/// its declarations and extensions, resolved, followed transitively through the types the sources declare.
/// Computed per name on first use: a link asks about the names DI code reaches, a small part of a project.
final class TypeHierarchy {
    private let table: TypeTable
    private let resolver: NameResolver
    private let reads: LinkReads
    /// Resolved names listed by each type's declarations and extensions, in order, without duplicates.
    private var direct: [String: [String]] = [:]
    /// The resolved first inheritance-clause name of each class's first own declaration.
    private var firstInherited: [String: String] = [:]
    private var closures: [String: [String]] = [:]
    private var chains: [String: [String]] = [:]
    /// Names the resolver consulted for each type's inheritance clauses (`dependencies(of:)`).
    private var consulted: [String: Set<String>] = [:]
    /// Resolved inheritance-clause names by scope and written name, with the names resolving consulted:
    /// many types list the same names.
    private var resolvedNames: [String: [String: (name: String, consulted: Set<String>)]] = [:]

    init(table: TypeTable, resolver: NameResolver) {
        self.table = table
        self.resolver = resolver
        reads = table.reads
    }

    /// The transitive closure, in discovery order (not recorded as read).
    func supertypes(of name: String) -> [String] {
        if let known = closures[name] { return known }
        let all = reads.unrecorded { closure(of: name) }
        closures[name] = all
        return all
    }

    /// Superclasses declared in the sources, nearest first (not recorded as read).
    func superclassChain(of name: String) -> [String] {
        if let known = chains[name] { return known }
        let chain = reads.unrecorded { computeSuperclassChain(of: name) }
        chains[name] = chain
        return chain
    }

    /// Protocols declared in the sources among a type's supertypes (recorded as read, with their kinds).
    func declaredProtocols(of name: String, table: TypeTable) -> [String] {
        table.reads.note(name)
        return supertypes(of: name).filter { table.kind(of: $0) == .protocol }
    }

    /// Superclasses declared in the sources, nearest first (recorded as read).
    func superclasses(of name: String) -> [String] {
        reads.note(name)
        return superclassChain(of: name)
    }

    /// A type whose own or inherited (declared) supertypes list a protocol that provides `Inject(...)`.
    func isInjectCapable(_ name: String) -> Bool {
        reads.note(name)
        return table.entries[name] != nil && supertypes(of: name).contains(where: LinkNames.injectCapable.contains)
    }

    /// What the hierarchy says about one name, for `NameViewer`.
    func view(of name: String) -> (supertypes: [String], superclasses: [String], isInjectCapable: Bool) {
        guard table.entries[name] != nil else { return ([], [], false) }
        let all = supertypes(of: name)
        return (all, superclassChain(of: name), all.contains(where: LinkNames.injectCapable.contains))
    }

    /// Every name `view(of:)` depended on: the name, its supertypes, and the names resolving the inheritance
    /// clauses of those that were followed consulted (misses included). A view can change only when one
    /// of these names gains, loses or changes a declaration or typealias.
    func dependencies(of name: String) -> Set<String> {
        var names: Set<String> = [name]
        for member in [name] + supertypes(of: name) + superclassChain(of: name) {
            names.insert(member)
            if let consulted = consulted[member] { names.formUnion(consulted) }
        }
        return names
    }

    private func directSupertypes(of name: String) -> [String] {
        if let known = direct[name] { return known }
        var names: [String] = []
        var consultedNames: Set<String> = []
        if let entry = table.entries[name] {
            for ref in entry.declarations {
                // Fields are read in place: copying a whole declaration fact per look-up dominated this loop.
                let kind = table[ref].kind
                let inheritedNames = table[ref].inherited
                guard !inheritedNames.isEmpty else { continue }
                // An inheritance clause of a type is read in the enclosing scope; an extension's in the extended type.
                let scope = kind == .extension ? name : table.enclosingScope[ref] ?? ""
                for inherited in inheritedNames {
                    var resolved = inherited.name
                    if !DINames.protocols.contains(inherited.name) {
                        let resolution = resolve(inherited.name, in: scope)
                        resolved = resolution.name
                        consultedNames.formUnion(resolution.consulted)
                    }
                    if ref == entry.primaries.first && kind == .class && firstInherited[name] == nil {
                        firstInherited[name] = resolved
                    }
                    if !resolved.isEmpty && resolved != name && !names.contains(resolved) { names.append(resolved) }
                }
            }
        }
        direct[name] = names
        consulted[name] = consultedNames
        return names
    }

    private func resolve(_ written: String, in scope: String) -> (name: String, consulted: Set<String>) {
        if let known = resolvedNames[scope]?[written] { return known }
        let resolution = reads.recording { resolver.resolve(written, in: scope).name }
        let resolved = (name: resolution.result, consulted: resolution.names)
        resolvedNames[scope, default: [:]][written] = resolved
        return resolved
    }

    private func closure(of name: String) -> [String] {
        guard table.entries[name] != nil else { return [] }
        let direct = directSupertypes(of: name)
        // Most types list only names declared elsewhere (or nothing): their closure is the direct list
        // (already without duplicates and without the type itself).
        if !direct.contains(where: { table.entries[$0]?.isDeclared == true }) { return direct }
        var result: [String] = []
        var seen: Set<String> = [name]
        var queue = direct
        var index = 0
        while index < queue.count {
            let next = queue[index]
            index += 1
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            // External names are included but not followed.
            if table.entries[next]?.isDeclared == true { queue.append(contentsOf: directSupertypes(of: next)) }
        }
        return result
    }

    /// A class's superclass is the first name of its own declaration's inheritance clause, when that names a
    /// class declared in the sources.
    private func computeSuperclassChain(of name: String) -> [String] {
        guard table.entries[name] != nil else { return [] }
        var chain: [String] = []
        var current = name
        while let superclass = superclass(of: current), superclass != name, !chain.contains(superclass) {
            chain.append(superclass)
            current = superclass
        }
        return chain
    }

    private func superclass(of name: String) -> String? {
        _ = directSupertypes(of: name)
        guard let first = firstInherited[name], table.kind(of: first) == .class else { return nil }
        return first
    }
}
