/// A digest of everything the type table and hierarchy answer about each name (its declarations with
/// their files' interface digests, its typealias, its supertypes, superclasses and Inject capability).
/// Link work that looked up only names whose view is unchanged would look up the same answers again.
struct NameViews: Equatable {
    /// View digest by name digest (`NameViews.digest(of:)`).
    var views: [UInt64: UInt64]

    init(views: [UInt64: UInt64]) {
        self.views = views
    }

    /// The views of every name the table knows. `interfaceDigests` are the files' interface digests, in
    /// table order.
    init(session: LinkSession, interfaceDigests: [UInt64]) {
        let table = session.table
        var views: [UInt64: UInt64] = [:]
        views.reserveCapacity(table.entries.count + table.aliases.count)
        // A file stands for its path and interface digest.
        let fileTokens = table.sources.indices.map { file in
            var writer = ByteWriter()
            writer.writeString(table.sources[file].path)
            writer.writeFixed64(interfaceDigests[file])
            return Fingerprint.xxh3(writer.bytes)
        }
        var writer = ByteWriter()
        func declarations(_ refs: [DeclarationRef]) {
            writer.writeVarint(refs.count)
            for ref in refs {
                writer.writeFixed64(fileTokens[ref.file])
                writer.writeVarint(ref.index)
            }
        }
        func add(_ name: String) {
            writer.bytes.removeAll(keepingCapacity: true)
            if let entry = table.entries[name] {
                writer.writeByte(1)
                declarations(entry.primaries)
                declarations(entry.extensions)
                let hierarchy = session.hierarchy.view(of: name)
                writer.writeStringArray(hierarchy.supertypes)
                writer.writeStringArray(hierarchy.superclasses)
                writer.writeByte(hierarchy.isInjectCapable ? 1 : 0)
            }
            if let alias = table.aliases[name] {
                writer.writeByte(2)
                writer.writeString(alias.target)
                writer.writeString(alias.scope)
                writer.writeByte(alias.isGeneric ? 1 : 0)
            }
            views[Self.digest(of: name)] = Fingerprint.xxh3(writer.bytes)
        }
        for name in table.entries.keys { add(name) }
        for name in table.aliases.keys where table.entries[name] == nil { add(name) }
        self.views = views
    }

    static func digest(of name: String) -> UInt64 { Fingerprint.xxh3(Array(name.utf8)) }

    /// Digests of the names whose view differs between `self` and `other`, or that only one of them knows.
    func changedNames(since other: NameViews) -> Set<UInt64> {
        var changed: Set<UInt64> = []
        for (name, view) in views where other.views[name] != view { changed.insert(name) }
        for name in other.views.keys where views[name] == nil { changed.insert(name) }
        return changed
    }
}
