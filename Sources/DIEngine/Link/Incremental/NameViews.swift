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
    /// What each looked-up name's view depended on, by name digest (known names and misses alike).
    var dependencies: [UInt64: ViewDependencies] = [:]
    /// Interface digest of every file, by path digest.
    var files: [UInt64: UInt64] = [:]
    /// Extensions that name their type through a typealias (`TypeTable.aliasExtensions`), sorted.
    var aliasExtensions: [AliasExtension] = []

    static func digest(of name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { Fingerprint.xxh3(UnsafeRawBufferPointer($0)) }
    }
}

/// What one name's view was computed from: a later link needs to view the name again only when one of
/// these names was declared, removed or changed in an edited file, or one of these files was edited.
struct ViewDependencies: Equatable {
    var name: String
    /// Digests of the names computing the view consulted, the name itself left out. Read from a state
    /// file, this and `files` are ranges of its digest pool.
    var names: DigestList
    /// Path digests of the files declaring, extending or aliasing any of those names (and the name).
    var files: DigestList
}

/// Membership in a set of digests that is mostly a handful (what an edit touched, the names whose view
/// changed): scanning a few words beats hashing each of the many probes, and one bit per digest's low six
/// bits turns most probes away before either.
struct DigestFilter {
    private let digests: Set<UInt64>
    private let few: [UInt64]?
    /// Bit `d & 63` set for every digest `d` of the set (digests are hashes: their low bits are spread).
    private let lowBits: UInt64

    init(_ set: Set<UInt64>) {
        digests = set
        few = set.count <= 16 ? Array(set) : nil
        lowBits = set.reduce(0) { $0 | Self.lowBit(of: $1) }
    }

    var isEmpty: Bool { digests.isEmpty }

    func contains(_ digest: UInt64) -> Bool {
        guard lowBits & Self.lowBit(of: digest) != 0 else { return false }
        if let few { return few.contains(digest) }
        return digests.contains(digest)
    }

    private static func lowBit(of digest: UInt64) -> UInt64 { 1 << (digest & 63) }
}

/// What a link changes in the name views it read (`NameViewer.changes(of:since:stale:name:)`).
struct ViewChanges {
    var views = TableChanges<UInt64, UInt64>()
    var dependencies = TableChanges<UInt64, ViewDependencies>()
    var files = TableChanges<UInt64, UInt64>()
    var interfaces: UInt64
    var aliasExtensions: [AliasExtension]

    /// The files' interface digests and the alias extensions, when the interfaces changed.
    fileprivate mutating func changeFiles(
        _ pathDigests: [UInt64], _ interfaceDigests: [UInt64], _ previous: NameViews,
        _ aliasExtensions: [AliasExtension]
    ) {
        let files = Dictionary(zip(pathDigests, interfaceDigests), uniquingKeysWith: { first, _ in first })
        self.files = TableChanges(from: previous.files, to: files)
        self.aliasExtensions = aliasExtensions
    }
}

/// An extension whose type name resolves through a typealias: its file (path digest), its index among the
/// file's declarations, and the digest of the full name it extends.
struct AliasExtension: Hashable, Comparable {
    var file: UInt64
    var index: Int
    var name: UInt64

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.file, lhs.index, lhs.name) < (rhs.file, rhs.index, rhs.name) }
}

/// Computes name views on demand: a relink needs the views of the names its units looked up, not of every
/// name the table knows (most names of a project are never looked up by DI code), and after an interface
/// edit only of those that depended on what the edit changed.
final class NameViewer {
    private let session: LinkSession
    private let interfaceDigests: [UInt64]
    private let pathDigests: [UInt64]
    private var fileTokens: [Int: UInt64] = [:]
    private var memo: [UInt64: (view: UInt64?, dependencies: ViewDependencies)] = [:]
    private var writer = ByteWriter()
    /// Digest of every file's path and interface digest, in table order.
    let interfaces: UInt64
    /// How many looked-up names of the previous link `changed(among:since:stale:)` viewed again.
    private(set) var viewedAgain = 0

    /// `interfaceDigests` are the files' interface digests, in table order.
    convenience init(session: LinkSession, interfaceDigests: [UInt64]) {
        self.init(
            session: session, interfaceDigests: interfaceDigests,
            files: Self.files(paths: session.table.sources.paths, interfaceDigests: interfaceDigests))
    }

    /// `files` made by `files(paths:interfaceDigests:)` for the session's paths, perhaps on another thread.
    init(session: LinkSession, interfaceDigests: [UInt64], files: Files) {
        self.session = session
        self.interfaceDigests = interfaceDigests
        pathDigests = files.pathDigests
        interfaces = files.interfaces
    }

    /// What a viewer reads of every file: its path's digest, and the digest of every path and interface
    /// digest in table order (`interfaces`). Hashing 10,000 paths takes ~0.8 ms: a link makes these beside
    /// the read of the stored state, which the viewer then waits for.
    struct Files: Sendable {
        var pathDigests: [UInt64]
        var interfaces: UInt64
    }

    static func files(paths: [String], interfaceDigests: [UInt64]) -> Files {
        var pathDigests: [UInt64] = []
        pathDigests.reserveCapacity(paths.count)
        var all = ByteWriter()
        // Reserved at once: grown by doubling, the half-megabyte of paths was copied and faulted in again.
        var size = 0
        for path in paths { size += path.utf8.count + 10 + 8 }
        all.bytes.reserveCapacity(size)
        for (path, interfaceDigest) in zip(paths, interfaceDigests) {
            pathDigests.append(NameViews.digest(of: path))
            all.writeString(path)
            all.writeFixed64(interfaceDigest)
        }
        return Files(pathDigests: pathDigests, interfaces: Fingerprint.xxh3(all.bytes))
    }

    /// The views of `names` (digest and name), with what they depended on. Views `previous` holds for
    /// names not in `stale` (`stale(since:)`; nil: every name) are taken from it.
    func views(
        of names: [UInt64: String], previous: NameViews?, stale: Set<UInt64>?
    ) -> NameViews {
        var result = NameViews(views: [:], interfaces: interfaces)
        result.dependencies.reserveCapacity(names.count)
        for (digest, name) in names {
            if let previous, let kept = previous.dependencies[digest], stale?.contains(digest) == false {
                result.dependencies[digest] = kept
                if let view = previous.views[digest] { result.views[digest] = view }
                continue
            }
            let computed = view(of: name, digest: digest)
            result.dependencies[digest] = computed.dependencies
            if let view = computed.view { result.views[digest] = view }
        }
        result.files = Dictionary(zip(pathDigests, interfaceDigests), uniquingKeysWith: { first, _ in first })
        result.aliasExtensions = aliasExtensions
        return result
    }

    /// `views(of:previous:stale:)` for the digests `reads`, made by changing `previous` rather than building
    /// every table again: entries no longer read go, stale and new ones are viewed (`name` gives a new
    /// one's name; one without a name is left out), the rest stay. `stale` must be `stale(since: previous)`.
    func views(
        of reads: Set<UInt64>, updating previous: NameViews, stale: Set<UInt64>, name: (UInt64) -> String?
    ) -> NameViews {
        var result = previous
        if previous.interfaces != interfaces {
            result.interfaces = interfaces
            result.files = Dictionary(zip(pathDigests, interfaceDigests), uniquingKeysWith: { first, _ in first })
            result.aliasExtensions = aliasExtensions
        }
        for digest in previous.dependencies.keys where !reads.contains(digest) { result.dependencies[digest] = nil }
        for digest in previous.views.keys where result.dependencies[digest] == nil { result.views[digest] = nil }
        for digest in reads {
            let kept = previous.dependencies[digest]
            if kept != nil && !stale.contains(digest) { continue }
            guard let name = kept?.name ?? name(digest) else { continue }
            let computed = view(of: name, digest: digest)
            result.dependencies[digest] = computed.dependencies
            result.views[digest] = computed.view
        }
        return result
    }

    /// What `views(of: reads, updating: previous, stale: stale, name:)` (`stale` nil: `views(of:previous:stale:)`
    /// of every named read) changes in `previous`, found without copying it: the read names viewed again,
    /// those no longer read, and the files when the interfaces changed.
    func changes(
        of reads: ReadsSince, since previous: NameViews, stale: Set<UInt64>?, name: (UInt64) -> String?
    ) -> ViewChanges {
        // A stored state holds the dependencies of every name it read and of no other (`views(of:updating:)`
        // and `views(of:previous:stale:)` keep them so; only a name without a name string would be left out,
        // and every read is named): then only the names stale or newly read can be viewed again, and only
        // those no longer read go. Walking every name read, every dependency and every view to find those
        // was ~100,000 look-ups per save on the generated project. A count that does not match walks them all.
        guard let stale, previous.dependencies.count == reads.previous.count else {
            return changes(of: reads.all, since: previous, stale: stale, name: name)
        }
        var changes = ViewChanges(interfaces: interfaces, aliasExtensions: previous.aliasExtensions)
        if previous.interfaces != interfaces {
            changes.changeFiles(pathDigests, interfaceDigests, previous, aliasExtensions)
        }
        let removed = Set(reads.changes.removed)
        var viewedAgain: Set<UInt64> = []
        for digest in Array(reads.changes.added) + stale.filter({ !removed.contains($0) })
        where viewedAgain.insert(digest).inserted {
            let kept = previous.dependencies[digest]
            if kept != nil && !stale.contains(digest) { continue }
            view(digest, kept: kept, since: previous, name: name, into: &changes)
        }
        for digest in reads.changes.removed {
            if previous.dependencies.index(forKey: digest) != nil { changes.dependencies.removals.append(digest) }
            if previous.views.index(forKey: digest) != nil { changes.views.removals.append(digest) }
        }
        return changes
    }

    /// `changes(of:since:stale:name:)` from every name read.
    private func changes(
        of reads: Set<UInt64>, since previous: NameViews, stale: Set<UInt64>?, name: (UInt64) -> String?
    ) -> ViewChanges {
        var changes = ViewChanges(interfaces: interfaces, aliasExtensions: previous.aliasExtensions)
        if previous.interfaces != interfaces || stale == nil {
            changes.changeFiles(pathDigests, interfaceDigests, previous, aliasExtensions)
        }
        // Presence is tested by index: a look-up of the value copies it (its name and lists), for every read.
        let dependencies = previous.dependencies
        var viewedAgain: Set<UInt64> = []
        for digest in reads {
            let keptIndex = dependencies.index(forKey: digest)
            if keptIndex != nil && stale?.contains(digest) == false { continue }
            let kept = keptIndex.map { dependencies.values[$0] }
            if view(digest, kept: kept, since: previous, name: name, into: &changes) { viewedAgain.insert(digest) }
        }
        for digest in dependencies.keys where !reads.contains(digest) {
            changes.dependencies.removals.append(digest)
        }
        // A view stays while its name is read and its dependencies are kept (or viewed again, above).
        for digest in previous.views.keys where !viewedAgain.contains(digest) {
            guard !reads.contains(digest) || dependencies.index(forKey: digest) == nil else { continue }
            changes.views.removals.append(digest)
        }
        return changes
    }

    /// Views `digest` again into `changes`; false when it has no name to view.
    @discardableResult
    private func view(
        _ digest: UInt64, kept: ViewDependencies?, since previous: NameViews, name: (UInt64) -> String?,
        into changes: inout ViewChanges
    ) -> Bool {
        guard let name = kept?.name ?? name(digest) else { return false }
        let computed = view(of: name, digest: digest)
        if kept != computed.dependencies { changes.dependencies.upserts.append((digest, computed.dependencies)) }
        let before = previous.views[digest]
        if let view = computed.view, view != before { changes.views.upserts.append((digest, view)) }
        if computed.view == nil && before != nil { changes.views.removals.append(digest) }
        return true
    }

    /// `changed(among: reads, since: previous, stale: stale)` for `reads`, every name the state holding
    /// `previous` read, each once (`LinkState.readList`). Such a state holds the dependencies of every name
    /// it read and of no other (`changes(of:since:stale:name:)`): when they count as many as the reads,
    /// every read is known and only the stale ones can have changed, so only those are looked at, not every
    /// read (24,000 look-ups on the generated project). Other counts take the walk over every read.
    func changed(amongReads reads: DigestList, since previous: NameViews, stale: Set<UInt64>?) -> Set<UInt64> {
        guard let stale, previous.dependencies.count == reads.count else {
            return changed(among: reads, since: previous, stale: stale)
        }
        return changed(among: stale, since: previous, stale: stale)
    }

    /// Digests among `digests` whose view differs from the one in `previous` (known on one side only
    /// included). Only names in `stale` are viewed again.
    func changed(among digests: some Sequence<UInt64>, since previous: NameViews, stale: Set<UInt64>?) -> Set<UInt64> {
        var changed: Set<UInt64> = []
        // By index: most names are not stale, and their dependencies need not be copied.
        let dependencies = previous.dependencies
        for digest in digests {
            guard let index = dependencies.index(forKey: digest) else {
                changed.insert(digest)
                continue
            }
            if stale?.contains(digest) == false { continue }
            viewedAgain += 1
            let name = dependencies.values[index].name
            if view(of: name, digest: digest).view != previous.views[digest] { changed.insert(digest) }
        }
        return changed
    }

    /// The names of `previous` whose view may differ now: those that depended on a name declared, extended
    /// or aliased in a file whose interface changed (before or after the edit), or on such a file. Empty
    /// when no interface changed; nil (every name) when an unchanged file's names moved, which only an
    /// extension through a typealias can do.
    func stale(since previous: NameViews) -> Set<UInt64>? {
        guard previous.interfaces != interfaces else { return [] }
        var editedFiles: Set<UInt64> = []
        var touched: Set<UInt64> = []
        var kept = 0
        let table = session.table
        for (file, path) in pathDigests.enumerated() {
            let before = previous.files[path]
            if before != nil { kept += 1 }
            guard before != interfaceDigests[file] else { continue }
            editedFiles.insert(path)
            for name in table.typeName.names(inFile: file) { touched.insert(NameViews.digest(of: name)) }
            for name in table.aliasNames(ofFile: file) ?? [] { touched.insert(NameViews.digest(of: name)) }
        }
        if kept != previous.files.count {
            // Removed files: what they declared is known through the files the views depended on.
            let present = Set(pathDigests)
            editedFiles.formUnion(previous.files.keys.filter { !present.contains($0) })
        }
        let unchangedExtensions = { (extensions: [AliasExtension]) in
            extensions.filter { !editedFiles.contains($0.file) }
        }
        guard unchangedExtensions(previous.aliasExtensions) == unchangedExtensions(aliasExtensions) else { return nil }
        var stale: Set<UInt64> = []
        let touchedNames = DigestFilter(touched)
        let touchedFiles = DigestFilter(editedFiles)
        for (digest, dependencies) in previous.dependencies
        where touchedNames.contains(digest) || dependencies.names.contains(where: touchedNames.contains)
            || dependencies.files.contains(where: touchedFiles.contains)
        {
            stale.insert(digest)
        }
        return stale
    }

    private var aliasExtensions: [AliasExtension] {
        session.table.aliasExtensions.map { ref, name in
            AliasExtension(file: pathDigests[ref.file], index: ref.index, name: NameViews.digest(of: name))
        }.sorted()
    }

    /// The view of `name` (nil when the table does not know it) and what it depended on.
    private func view(of name: String, digest: UInt64) -> (view: UInt64?, dependencies: ViewDependencies) {
        if let known = memo[digest] { return known }
        let table = session.table
        let isKnown = table.entries[name] != nil || table.aliases[name] != nil
        var dependencies = ViewDependencies(name: name, names: [], files: [])
        var view: UInt64?
        if isKnown {
            view = computeView(name)
            var files: Set<UInt64> = []
            var names: [UInt64] = []
            for dependency in session.hierarchy.dependencies(of: name) {
                if dependency != name { names.append(NameViews.digest(of: dependency)) }
                for ref in table.entries[dependency]?.declarations ?? [] { files.insert(pathDigests[ref.file]) }
                if let alias = table.aliases[dependency] { files.insert(pathDigests[alias.file]) }
            }
            dependencies.names = DigestList(names.sorted())
            dependencies.files = DigestList(files.sorted())
        }
        memo[digest] = (view, dependencies)
        return (view, dependencies)
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

    private func writeDeclarations(_ refs: ArraySlice<DeclarationRef>) {
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
