/// A digest of everything the type table and hierarchy answer about each name that link work looked up
/// (its declarations with their files' interface digests, its typealias, its supertypes, superclasses and
/// Inject capability). Link work that looked up only names whose view is unchanged would look up the same
/// answers again. Names the table does not know have no view; names no unit looked up are not kept.
struct NameViews: Equatable {
    /// View digest by name digest (`NameViews.digest(of:)`).
    var views: [UInt64: UInt64]
    /// Digest of every file's path and interface digest, in order (`NameViewer.interfaces`): the type table
    /// and hierarchy, hence every view, are a function of these.
    var interfaces: UInt64 = 0

    static func digest(of name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { Fingerprint.xxh3(UnsafeRawBufferPointer($0)) }
    }
}

/// Computes name views on demand: a relink needs the views of the names its units looked up, not of every
/// name the table knows (most names of a project are never looked up by DI code).
final class NameViewer {
    private let session: LinkSession
    private let interfaceDigests: [UInt64]
    /// Table names (entries and aliases) by digest.
    private let names: [UInt64: String]
    private var fileTokens: [Int: UInt64] = [:]
    private var memo: [UInt64: UInt64?] = [:]
    private var writer = ByteWriter()
    /// Digest of every file's path and interface digest, in table order.
    let interfaces: UInt64

    /// `interfaceDigests` are the files' interface digests, in table order.
    init(session: LinkSession, interfaceDigests: [UInt64]) {
        self.session = session
        self.interfaceDigests = interfaceDigests
        let table = session.table
        var names: [UInt64: String] = [:]
        names.reserveCapacity(table.entries.count + table.aliases.count)
        for name in table.entries.keys { names[NameViews.digest(of: name)] = name }
        for name in table.aliases.keys where table.entries[name] == nil { names[NameViews.digest(of: name)] = name }
        self.names = names
        var all = ByteWriter()
        for (source, digest) in zip(table.sources, interfaceDigests) {
            all.writeString(source.path)
            all.writeFixed64(digest)
        }
        interfaces = Fingerprint.xxh3(all.bytes)
    }

    /// The views of those of `digests` that the table knows. Views of names `previous` was computed for,
    /// over the same interfaces, are taken from it.
    func views(of digests: some Sequence<UInt64>, previous: NameViews?, viewed: Set<UInt64>) -> NameViews {
        let reusable = previous.flatMap { $0.interfaces == interfaces ? $0 : nil }
        var views: [UInt64: UInt64] = [:]
        for digest in digests {
            let view = reusable != nil && viewed.contains(digest) ? reusable?.views[digest] : view(of: digest)
            if let view { views[digest] = view }
        }
        return NameViews(views: views, interfaces: interfaces)
    }

    /// Digests among `digests` whose view differs from the one in `previous` (known on one side only
    /// included). None when every file's interface is the one `previous` was computed over.
    func changed(among digests: some Sequence<UInt64>, since previous: NameViews) -> Set<UInt64> {
        guard previous.interfaces != interfaces else { return [] }
        return Set(digests.filter { view(of: $0) != previous.views[$0] })
    }

    /// The view of the name with this digest; nil when the table does not know it.
    func view(of digest: UInt64) -> UInt64? {
        if let known = memo[digest] { return known }
        let view = names[digest].map(computeView)
        memo[digest] = view
        return view
    }

    private func computeView(_ name: String) -> UInt64 {
        let table = session.table
        writer.bytes.removeAll(keepingCapacity: true)
        if let entry = table.entries[name] {
            writer.writeByte(1)
            writeDeclarations(entry.primaries)
            writeDeclarations(entry.extensions)
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
        return Fingerprint.xxh3(writer.bytes)
    }

    private func writeDeclarations(_ refs: [DeclarationRef]) {
        writer.writeVarint(refs.count)
        for ref in refs {
            writer.writeFixed64(fileToken(ref.file))
            writer.writeVarint(ref.index)
        }
    }

    /// A file stands for its path and interface digest.
    private func fileToken(_ file: Int) -> UInt64 {
        if let token = fileTokens[file] { return token }
        var token = ByteWriter()
        token.writeString(session.table.sources[file].path)
        token.writeFixed64(interfaceDigests[file])
        let digest = Fingerprint.xxh3(token.bytes)
        fileTokens[file] = digest
        return digest
    }
}
