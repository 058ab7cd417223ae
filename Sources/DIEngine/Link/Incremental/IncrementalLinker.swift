/// One file as the incremental link takes it: whole facts, or only the interface plus a way to decode the
/// detail if some link work needs it.
struct LinkInput {
    var path: String
    /// Whole facts, or interface-only ones when `detail` is set.
    var facts: FileFacts
    /// Digest of the file's encoded facts (equal digests, equal facts).
    var factsDigest: UInt64
    /// Digest of the encoded interface part.
    var interfaceDigest: UInt64
    var mayRegisterOrDepend: Bool
    /// Decodes the whole facts; nil when they do not decode.
    var detail: (@Sendable () -> FileFacts?)?
}

/// How much of a link was redone: printed by `-v`, asserted by tests.
struct RelinkCounts: Equatable, CustomStringConvertible {
    var typesRelinked = 0
    var typesReused = 0
    var filesRelinked = 0
    var filesReused = 0
    /// Names whose view changed since the previous link.
    var changedNames = 0
    /// Looked-up names of the previous link viewed again: those that depended on an edited interface.
    var viewedNames = 0

    var description: String {
        "\(typesRelinked) of \(typesRelinked + typesReused) types and \(filesRelinked) of "
            + "\(filesRelinked + filesReused) files with DI code, \(changedNames) of \(viewedNames) names viewed changed"
    }
}

/// What `IncrementalLinker.link` produced.
struct IncrementalLink {
    var graph: LinkedGraph
    var diagnostics: [Diagnostic]
    /// Makes the state for the next link; nil when the link keeps no state.
    var pendingState: PendingState?
    var counts: RelinkCounts
    /// Where the time went, for `-v`.
    var phases: [(name: String, duration: Duration)] = []

    /// The units for the next link, with their views.
    var state: LinkState { pendingState?.state ?? .empty }
}

/// The state a link keeps, made from its units when it is asked for: on the thread that saves it, while
/// the build goes on with the graph. Only one thread uses it at a time.
final class PendingState: @unchecked Sendable {
    private var parts: Parts?
    private var made: LinkState?

    struct Parts {
        var typeUnits: [TypeLinkUnit]
        var fileUnits: [FileLinkUnit]
        /// Facts digests of the units' files (the only ones ever compared), by path.
        var digests: [String: UInt64]
        var types: [String: DeclaredType]
        /// The bytes of the units reused as read from the previous state.
        var encoded: EncodedUnits
        var pendingViews: PendingViews?
    }

    init(_ parts: Parts) {
        self.parts = parts
    }

    var state: LinkState {
        if let made { return made }
        guard let parts else { return .empty }
        var state = LinkState(
            factsDigests: parts.digests, views: NameViews(views: [:]),
            typeUnits: Dictionary(parts.typeUnits.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }),
            fileUnits: Dictionary(parts.fileUnits.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }),
            types: parts.types, encoded: parts.encoded)
        if let pendingViews = parts.pendingViews { state.views = pendingViews.views(of: state.reads) }
        made = state
        return state
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
        if let viewer, let session {
            // A read's name: from the previous views' dependencies, else recorded by this link's units.
            var names: [UInt64: String] = [:]
            for name in session.recordedNames { names[NameViews.digest(of: name)] = name }
            if let previous, let stale {
                views = viewer.views(of: reads, updating: previous, stale: stale) { names[$0] }
            } else {
                var named: [UInt64: String] = [:]
                for digest in reads {
                    if let name = previous?.dependencies[digest]?.name ?? names[digest] { named[digest] = name }
                }
                views = viewer.views(of: named, previous: previous, stale: stale)
            }
        }
        computed = views
        return views
    }
}

/// The general link path, split into units that a later link reuses (`docs/incremental.md`): a type's
/// registrations (`TypeLinkUnit`) and a file's member dependencies (`FileLinkUnit`). The type table,
/// hierarchy, candidate resolution and the assembly of the graph are redone on every link; the units are
/// redone only when their own files' facts changed or a name they looked up changed its `NameViews` view.
enum IncrementalLinker {
    /// Links `inputs`, reusing the units of `previous` that are still valid. Nil when a file's detail,
    /// needed after all, does not decode (the caller links from decoded facts instead). Sources without
    /// DI code take `Linker.linkWithoutDI` instead (the caller's choice).
    static func link(
        _ inputs: [LinkInput], properties: PropertyNode, importedModules: [ResolvedModule], runtimeModule: String,
        exportLinks: Bool, previous: LinkState?, keepsState: Bool = true,
        describing: Set<String> = []
    ) -> IncrementalLink? {
        link(
            inputs, properties: properties, importedModules: importedModules, runtimeModule: runtimeModule,
            exportLinks: exportLinks, loadingPrevious: { previous }, keepsState: keepsState, describing: describing)
    }

    /// `link(previous:)` with the previous state asked for only once the type table is built: the caller
    /// may load it on another thread meanwhile.
    static func link(
        _ inputs: [LinkInput], properties: PropertyNode, importedModules: [ResolvedModule], runtimeModule: String,
        exportLinks: Bool, loadingPrevious: () -> LinkState?, keepsState: Bool = true,
        describing: Set<String> = []
    ) -> IncrementalLink? {
        let clock = ContinuousClock()
        var phases: [(name: String, duration: Duration)] = []
        var mark = clock.now
        func phase(_ name: String) {
            let now = clock.now
            phases.append((name, mark.duration(to: now)))
            mark = now
        }
        var sources = inputs.map { LinkSource(path: $0.path, facts: $0.facts) }
        // `ScanErrorIndex` attributes a scan error through the positions of the whole facts.
        var detailed = Set(inputs.indices.filter { inputs[$0].detail == nil })
        let withErrors = inputs.indices.filter { index in
            !detailed.contains(index) && inputs[index].facts.diagnostics.contains { $0.severity == .error }
        }
        guard let loaded = loadDetail(of: withErrors, inputs) else { return nil }
        for (index, facts) in zip(withErrors, loaded) { sources[index].facts = facts }
        detailed.formUnion(withErrors)

        let session = LinkSession(sources: sources)
        let table = session.table
        phase("table")
        let previous = loadingPrevious()
        phase("state wait")
        // The registration roles read only the table: found on the other core while the views are compared.
        let linkedFiles = inputs.indices.filter { inputs[$0].mayRegisterOrDepend }
        let findingRoles = BackgroundWork { [table = UncheckedTable(table)] in
            TypeRegistrar.roles(in: table.table, files: linkedFiles)
        }
        // Views are computed only for names some unit looked up: the previous units' to find what changed,
        // and this link's to keep.
        let viewer =
            keepsState || previous != nil
            ? NameViewer(session: session, interfaceDigests: inputs.map(\.interfaceDigest)) : nil
        var changed: Set<UInt64> = []
        var stale: Set<UInt64>?
        if let previous, let viewer {
            stale = viewer.stale(since: previous.views)
            changed = viewer.changed(among: previous.reads, since: previous.views, stale: stale)
        }
        phase("views")
        // The kept descriptions read only the previous state and the stale names: picked on the other core,
        // idle while the units are redone and the registrations ordered, until the assembly needs them.
        // A small state's pass costs less than a thread.
        let describingBefore =
            stale == nil || (previous?.types.count ?? 0) < Linker.backgroundWorkMinimum
            ? nil
            : BackgroundWork { [kept = UncheckedState(previous), stale] in
                describedBefore(in: kept.state, stale: stale)
            }
        // By file index: a dictionary of every file's digest by path cost more than the few look-ups.
        let previousDigests = previous?.factsDigests
        func unchanged(_ file: Int) -> Bool {
            guard let before = previousDigests?[inputs[file].path] else { return false }
            return inputs[file].factsDigest == before
        }
        func stillValid(_ reads: [UInt64]) -> Bool { !reads.contains(where: changed.contains) }

        let roles = findingRoles.wait()
        let registered = ByteOrder.sorted(Array(roles.keys))
        let registeredEntries = registered.map { table.entries[$0] }
        let previousTypeUnits = previous?.typeUnits
        let previousFileUnits = previous?.fileUnits
        var typeUnits: [TypeLinkUnit?] = zip(registered, registeredEntries).map { name, entry in
            guard let unit = previousTypeUnits?[name], let entry,
                unit.files == TypeLinkUnit.files(of: entry, in: table),
                entry.declarations.allSatisfy({ unchanged($0.file) }), stillValid(unit.reads)
            else { return nil }
            return unit
        }
        var fileUnits: [FileLinkUnit?] = linkedFiles.map { index in
            guard let unit = previousFileUnits?[inputs[index].path], unchanged(index), stillValid(unit.reads)
            else { return nil }
            return unit
        }

        var needed: Set<Int> = []
        for (entry, unit) in zip(registeredEntries, typeUnits) where unit == nil {
            needed.formUnion(entry?.declarations.map(\.file) ?? [])
        }
        for (index, unit) in zip(linkedFiles, fileUnits) where unit == nil { needed.insert(index) }
        let missing = needed.subtracting(detailed).sorted()
        guard let details = loadDetail(of: missing, inputs) else {
            _ = describingBefore?.wait()
            return nil
        }
        for (index, facts) in zip(missing, details) { session.supplyDetail(facts, forFile: index) }
        phase("detail")

        let redoneTypes = Set(typeUnits.indices.filter { typeUnits[$0] == nil }.map { registered[$0] })
        let redoneFiles = Set(fileUnits.indices.filter { fileUnits[$0] == nil }.map { inputs[linkedFiles[$0]].path })
        let typeRegistrar = TypeRegistrar(session: session, roles: roles)
        let configRegistrar = ConfigRegistrar(session: session)
        var counts = RelinkCounts(changedNames: changed.count, viewedNames: viewer?.viewedAgain ?? 0)
        for position in typeUnits.indices where typeUnits[position] == nil {
            guard let entry = registeredEntries[position] else { continue }
            typeUnits[position] = TypeLinkUnit(
                entry: entry, session: session, roles: roles, typeRegistrar: typeRegistrar,
                configRegistrar: configRegistrar)
            counts.typesRelinked += 1
        }
        for position in fileUnits.indices where fileUnits[position] == nil {
            fileUnits[position] = FileLinkUnit(file: linkedFiles[position], session: session, roles: roles)
            counts.filesRelinked += 1
        }
        phase("units")
        counts.typesReused = registered.count - counts.typesRelinked
        counts.filesReused = linkedFiles.count - counts.filesRelinked

        let types = typeUnits.compactMap { $0 }
        let files = fileUnits.compactMap { $0 }
        let graph = Linker.assemble(
            session: session, typeUnits: types, fileUnits: files, importedModules: importedModules,
            properties: properties, runtimeModule: runtimeModule, exportLinks: exportLinks, describing: describing,
            describedBefore: { describingBefore?.wait() ?? describedBefore(in: previous, stale: stale) })
        phase("assemble")
        let diagnostics =
            session.scanDiagnostics
            + types.flatMap(\.diagnostics) + files.flatMap(\.diagnostics)
        // Units reused as read from the state file keep their bytes for the next write; redone ones do not.
        var encoded = previous?.encoded ?? EncodedUnits()
        encoded.drop(typeUnits: redoneTypes, fileUnits: redoneFiles)
        // Only the digests of the units' own files are ever compared. A type unit's files are those of its
        // entry (a reused unit's were checked equal).
        var unitFiles = Set(linkedFiles)
        for (entry, unit) in zip(registeredEntries, typeUnits) where unit != nil {
            unitFiles.formUnion(entry?.declarations.map(\.file) ?? [])
        }
        var digests: [String: UInt64] = [:]
        digests.reserveCapacity(unitFiles.count)
        for file in unitFiles.sorted() where digests[inputs[file].path] == nil {
            digests[inputs[file].path] = inputs[file].factsDigest
        }
        let pendingState =
            keepsState
            ? PendingState(
                .init(
                    typeUnits: types, fileUnits: files, digests: digests, types: graph.types, encoded: encoded,
                    pendingViews: viewer.map {
                        PendingViews(viewer: $0, session: session, previous: previous?.views, stale: stale)
                    })) : nil
        phase("state")
        return IncrementalLink(
            graph: graph, diagnostics: diagnostics, pendingState: pendingState, counts: counts, phases: phases)
    }

    /// The previous link's descriptions that are still right. A description is a function of the name's view
    /// (declarations, kind, supertypes, superclasses): one stored for a looked-up name that is not stale is
    /// still right.
    static func describedBefore(in previous: LinkState?, stale: Set<UInt64>?) -> [String: DeclaredType] {
        var described: [String: DeclaredType] = [:]
        guard let previous, let stale else { return described }
        for (name, type) in previous.types {
            let digest = NameViews.digest(of: name)
            guard previous.views.dependencies[digest] != nil, !stale.contains(digest) else { continue }
            described[name] = type
        }
        return described
    }

    /// The whole facts of `indices`, decoded on both cores; nil when one does not decode.
    private static func loadDetail(of indices: [Int], _ inputs: [LinkInput]) -> [FileFacts]? {
        let loaders = indices.map { inputs[$0].detail }
        guard !loaders.isEmpty else { return [] }
        let facts = ParallelMap.map(Array(loaders.indices), threads: nil) { position in loaders[position]?() }
        guard !facts.contains(where: { $0 == nil }) else { return nil }
        return facts.compactMap { $0 }
    }
}

/// The table handed to the thread finding roles: it only reads it (entries and facts, not `reads`), and
/// the link waits for it before anything changes the table.
struct UncheckedTable: @unchecked Sendable {
    let table: TypeTable
    init(_ table: TypeTable) { self.table = table }
}

/// The previous state handed to the thread picking its kept descriptions: a value nobody changes.
private struct UncheckedState: @unchecked Sendable {
    let state: LinkState?
    init(_ state: LinkState?) { self.state = state }
}
