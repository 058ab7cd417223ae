/// The state a link keeps, made when it is asked for: on the thread that saves it, while the build goes on
/// with the graph. Saving after a link that read a state appends only what changed, which the link knows
/// (`changes(since:)`: the units it redid, the names viewed again); the whole state is made only to rewrite
/// the file. Only one thread uses it at a time.
final class PendingState: @unchecked Sendable {
    private var parts: Parts?
    private var made: LinkState?

    struct Parts {
        var typeUnits: [TypeLinkUnit]
        var fileUnits: [FileLinkUnit]
        /// Keys of the units this link made; it reused the others from the previous state.
        var redoneTypes: Set<String>
        var redonePaths: Set<String>
        var inputs: [LinkInput]
        /// The files with DI code (input indices) and the registered types' entries: the units' own files,
        /// whose facts digests are the only ones ever compared.
        var linkedFiles: [Int]
        var registeredEntries: [TypeEntry?]
        /// The own files of the units this link made: those of the reused units have the facts digests
        /// stored in the previous state (`IncrementalLinker` checked them).
        var redoneFiles: Set<Int>
        var types: [String: DeclaredType]
        /// The names of `types` described by this link; the others' descriptions were taken unchanged from
        /// the previous state.
        var describedAnew: Set<String>
        var pendingViews: PendingViews?
    }

    init(_ parts: Parts) {
        self.parts = parts
    }

    var state: LinkState {
        if let made { return made }
        guard let parts else { return .empty }
        var state = LinkState(
            factsDigests: parts.factsDigests, views: NameViews(views: [:]),
            typeUnits: Dictionary(parts.typeUnits.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }),
            fileUnits: Dictionary(parts.fileUnits.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }),
            types: parts.types)
        if let pendingViews = parts.pendingViews { state.views = pendingViews.views(of: state.reads) }
        made = state
        return state
    }

    /// What turns `previous`, the state the link read (no other), into `state`, from what the link redid:
    /// neither state is made whole nor compared table by table.
    func changes(since previous: LinkState) -> LinkStateChanges {
        guard let parts, let pendingViews = parts.pendingViews, pendingViews.hasPrevious else {
            return LinkStateChanges(from: previous, to: state)
        }
        let typeUnits = Self.unitChanges(
            parts.typeUnits, redone: parts.redoneTypes, previous: previous.typeUnits, key: \.typeName)
        let fileUnits = Self.unitChanges(
            parts.fileUnits, redone: parts.redonePaths, previous: previous.fileUnits, key: \.path)
        let reads = parts.reads(since: previous, typeUnits: typeUnits, fileUnits: fileUnits)
        let views = pendingViews.changes(of: reads)
        return LinkStateChanges(
            factsDigests: parts.factsDigestChanges(
                since: previous, goneTypes: typeUnits.removals, gonePaths: fileUnits.removals),
            interfaces: views.interfaces, views: views.views, dependencies: views.dependencies, files: views.files,
            aliasExtensions: views.aliasExtensions, reads: reads.changes, typeUnits: typeUnits, fileUnits: fileUnits,
            types: parts.typeChanges(since: previous))
    }

    /// The redone units that are new or differ, and the keys of the previous units no unit has now; a
    /// reused unit is the previous one.
    private static func unitChanges<Unit: Equatable>(
        _ units: [Unit], redone: Set<String>, previous: [String: Unit], key: (Unit) -> String
    ) -> TableChanges<String, Unit> {
        var changes = TableChanges<String, Unit>()
        var added = 0
        // By index: iterating the units copied every one of them, when only the redone few are looked at.
        for index in units.indices where redone.contains(key(units[index])) {
            let before = previous[key(units[index])]
            if before == nil { added += 1 }
            if before != units[index] { changes.upserts.append((key(units[index]), units[index])) }
        }
        if previous.count + added != units.count {
            let kept = Set(units.map(key))
            changes.removals = previous.keys.filter { !kept.contains($0) }
        }
        return changes
    }
}

extension PendingState.Parts {
    /// `TableChanges(from: previous.types, to: types)`, comparing only the descriptions made anew: the others
    /// were taken from `previous` unchanged. Walking every description to skip the kept ones hashed each name.
    func typeChanges(since previous: LinkState) -> TableChanges<String, DeclaredType> {
        var changes = TableChanges<String, DeclaredType>()
        var added = 0
        for name in describedAnew {
            guard let index = types.index(forKey: name) else { continue }
            guard let before = previous.types.index(forKey: name) else {
                added += 1
                changes.upserts.append((name, types.values[index]))
                continue
            }
            if previous.types.values[before] != types.values[index] {
                changes.upserts.append((name, types.values[index]))
            }
        }
        // Every kept name is in both: the counts tell whether a name went.
        if previous.types.count + added != types.count {
            changes.removals = previous.types.keys.filter { types.index(forKey: $0) == nil }
        }
        return changes
    }

    private var unitFiles: Set<Int> {
        var unitFiles = Set(linkedFiles)
        for entry in registeredEntries { unitFiles.formUnion(entry?.declarations.map(\.file) ?? []) }
        return unitFiles
    }

    var factsDigests: [String: UInt64] {
        let unitFiles = unitFiles
        var digests: [String: UInt64] = [:]
        digests.reserveCapacity(unitFiles.count)
        for file in unitFiles.sorted() where digests[inputs[file].path] == nil {
            digests[inputs[file].path] = inputs[file].factsDigest
        }
        return digests
    }

    /// `TableChanges(from: previous.factsDigests, to: factsDigests)`, comparing only the redone units' files:
    /// the others hold the stored digests. A stored digest goes only when its file is no unit's any more. A
    /// reused unit has the files it had, so only a file of a previous unit redone or gone (`goneTypes`,
    /// `gonePaths`) that no redone unit has now can go: those few are looked for among every unit's files by
    /// file index, where the whole table of digests by path cost a set and a dictionary of every unit file.
    func factsDigestChanges(
        since previous: LinkState, goneTypes: [String], gonePaths: [String]
    ) -> TableChanges<String, UInt64> {
        var changes = TableChanges<String, UInt64>()
        var seen: Set<String> = []
        for file in redoneFiles.sorted() where seen.insert(inputs[file].path).inserted {
            let (path, digest) = (inputs[file].path, inputs[file].factsDigest)
            if previous.factsDigests[path] != digest { changes.upserts.append((path, digest)) }
        }
        var mayGo: Set<String> = []
        for name in redoneTypes.union(goneTypes) {
            for path in previous.typeUnits[name]?.files ?? [] where !seen.contains(path) { mayGo.insert(path) }
        }
        for path in redonePaths.union(gonePaths) where !seen.contains(path) && previous.fileUnits[path] != nil {
            mayGo.insert(path)
        }
        let candidates = mayGo.filter { previous.factsDigests[$0] != nil }
        guard !candidates.isEmpty else { return changes }
        guard candidates.count <= 16 else {
            return TableChanges(from: previous.factsDigests, to: factsDigests)
        }
        // A handful: compared one by one, not hashed for each of the many files.
        let candidatePaths = Array(candidates)
        let candidateFiles = inputs.indices.filter { candidatePaths.contains(inputs[$0].path) }
        var kept: Set<String> = []
        if !candidateFiles.isEmpty {
            for file in linkedFiles where candidateFiles.contains(file) { kept.insert(inputs[file].path) }
            for position in registeredEntries.indices {
                for ref in registeredEntries[position]?.declarations ?? [] where candidateFiles.contains(ref.file) {
                    kept.insert(inputs[ref.file].path)
                }
            }
        }
        changes.removals = candidatePaths.filter { !kept.contains($0) }
        return changes
    }

    /// Every name the units read (`LinkState.reads`), as the previous state's and what changed in it: a
    /// name only the previous units redone or gone read is still read if a reused unit reads it.
    func reads(
        since previous: LinkState, typeUnits: TableChanges<String, TypeLinkUnit>,
        fileUnits: TableChanges<String, FileLinkUnit>
    ) -> ReadsSince {
        var added: Set<UInt64> = []
        // By index, as below: iterating the units copied every one of them.
        for index in self.typeUnits.indices where redoneTypes.contains(self.typeUnits[index].typeName) {
            added.formUnion(self.typeUnits[index].reads)
        }
        for index in self.fileUnits.indices where redonePaths.contains(self.fileUnits[index].path) {
            added.formUnion(self.fileUnits[index].reads)
        }
        var gone: Set<UInt64> = []
        for name in redoneTypes.union(typeUnits.removals) { gone.formUnion(previous.typeUnits[name]?.reads ?? []) }
        for path in redonePaths.union(fileUnits.removals) { gone.formUnion(previous.fileUnits[path]?.reads ?? []) }
        gone.subtract(added)
        if !gone.isEmpty {
            for index in self.typeUnits.indices where !redoneTypes.contains(self.typeUnits[index].typeName) {
                for read in self.typeUnits[index].reads where gone.contains(read) { gone.remove(read) }
            }
            for index in self.fileUnits.indices where !redonePaths.contains(self.fileUnits[index].path) {
                for read in self.fileUnits[index].reads where gone.contains(read) { gone.remove(read) }
            }
        }
        // Which of these few the previous state read, in one pass over its list: a set of all its reads cost
        // an insertion per name read (24,000 on the generated project) on every save.
        let previousReads = previous.readList
        var stored: Set<UInt64> = []
        if !gone.isEmpty || !added.isEmpty {
            for read in previousReads where gone.contains(read) || added.contains(read) { stored.insert(read) }
        }
        return ReadsSince(
            previous: previousReads,
            changes: ReadChanges(added: added.subtracting(stored), removed: gone.intersection(stored)))
    }
}

/// The names a link's units read, as those of the state it read and what the link changed in them.
struct ReadsSince {
    var previous: DigestList
    /// Added: names the previous state did not read; removed: names it read.
    var changes: ReadChanges

    /// Every name read, as a set.
    var all: Set<UInt64> {
        var reads = Set(previous)
        reads.subtract(changes.removed)
        reads.formUnion(changes.added)
        return reads
    }
}

/// The name views a link state keeps, computed after the link from its session: on the thread that saves
/// the state, while the build goes on with the graph. Only one thread uses it at a time. It keeps the
/// link session: whoever keeps it decides when that is freed (`TargetAnalysis` keeps it until the process
/// exits, `RunResult.retainedState`).
final class PendingViews: @unchecked Sendable {
    private let viewer: NameViewer?
    private let session: LinkSession?
    private let previous: NameViews?
    private let stale: Set<UInt64>?
    private var computed: NameViews?
    private var recordedNames: [UInt64: String]?

    init(viewer: NameViewer, session: LinkSession, previous: NameViews?, stale: Set<UInt64>?) {
        self.viewer = viewer
        self.session = session
        self.previous = previous
        self.stale = stale
    }

    /// The views of `reads`, the units' reads: the same set on every call.
    func views(of reads: Set<UInt64>) -> NameViews {
        if let computed { return computed }
        var views = NameViews(views: [:])
        if let viewer {
            if let previous, let stale {
                views = viewer.views(of: reads, updating: previous, stale: stale, name: name(of:))
            } else {
                var named: [UInt64: String] = [:]
                for digest in reads {
                    if let name = previous?.dependencies[digest]?.name ?? name(of: digest) { named[digest] = name }
                }
                views = viewer.views(of: named, previous: previous, stale: stale)
            }
        }
        computed = views
        return views
    }

    /// Whether the link had previous views, which `changes(of:)` changes.
    var hasPrevious: Bool { viewer != nil && previous != nil }

    /// What turns the previous views into `views(of: reads)`; only after a link that had previous views.
    func changes(of reads: ReadsSince) -> ViewChanges {
        guard let viewer, let previous else { preconditionFailure("no previous views") }
        return viewer.changes(of: reads, since: previous, stale: stale, name: name(of:))
    }

    /// A read's name when the previous views do not know it: recorded by this link's units.
    private func name(of digest: UInt64) -> String? {
        if recordedNames == nil {
            var names: [UInt64: String] = [:]
            for name in session?.recordedNames ?? [] { names[NameViews.digest(of: name)] = name }
            recordedNames = names
        }
        return recordedNames?[digest]
    }
}
