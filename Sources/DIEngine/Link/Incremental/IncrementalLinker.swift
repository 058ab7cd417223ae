/// One file as the incremental link takes it: whole facts, or only the interface plus a way to decode the
/// detail if some link work needs it.
struct LinkInput {
    var path: String
    /// Whole facts, or interface-only ones when `detail` is set; nil when `part` stands for the interface
    /// until a step reads it (`interface` decodes it then).
    var facts: FileFacts?
    /// Digest of the file's encoded facts (equal digests, equal facts).
    var factsDigest: UInt64
    /// Digest of the encoded interface part.
    var interfaceDigest: UInt64
    var mayRegisterOrDepend: Bool
    /// Decodes the whole facts; nil when they do not decode.
    var detail: FactsLoader?
    /// The file's table part (`TablePart`), kept from an earlier link or made from `facts`.
    var part: TablePart?
    /// Decodes the interface-only facts when `facts` is nil; nil when they do not decode.
    var interface: FactsLoader?

    /// Whether the scanner reported an error in the file, without decoding it.
    var hasErrors: Bool {
        part?.hasErrors ?? facts?.diagnostics.contains { $0.severity == .error } ?? false
    }
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
    /// Files whose interface was decoded only because a step read it (`LinkSources`), by the link's end.
    var decodedOnDemand = 0

    /// The units for the next link, with their views.
    var state: LinkState { pendingState?.state ?? .empty }
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
        var facts = inputs.map(\.facts)
        // `ScanErrorIndex` attributes a scan error through the positions of the whole facts.
        var detailed = Set(inputs.indices.filter { inputs[$0].detail == nil })
        let withErrors = inputs.indices.filter { index in !detailed.contains(index) && inputs[index].hasErrors }
        guard let loaded = loadDetail(of: withErrors, inputs) else { return nil }
        for (index, whole) in zip(withErrors, loaded) { facts[index] = whole }
        detailed.formUnion(withErrors)

        let sources = LinkSources(
            paths: inputs.map(\.path), facts: facts, loaders: inputs.map(\.interface), parts: inputs.map(\.part))
        let session = LinkSession(sources: sources)
        let table = session.table
        phase("table")
        // The registration roles read only the table: found here, while the previous state may still be being
        // read on the other core. Their names sorted and their entries too: these were the longest part of
        // finding which units to redo. The viewer's file digests read only the paths: made on another thread
        // beside the roles when the link keeps a state (it then views names whatever was stored). Found on
        // that thread instead, the roles kept this one idle for ~3 ms after the table whenever the state was
        // read by then.
        let linkedFiles = inputs.indices.filter { inputs[$0].mayRegisterOrDepend }
        let interfaceDigests = inputs.map(\.interfaceDigest)
        let hashingFiles =
            keepsState
            ? BackgroundWork { [paths = sources.paths] in
                NameViewer.files(paths: paths, interfaceDigests: interfaceDigests)
            } : nil
        let roles = TypeRegistrar.roles(in: table, files: linkedFiles)
        let registered = ByteOrder.sorted(Array(roles.keys))
        let registeredEntries = registered.map { table.entries[$0] }
        phase("roles")
        let previous = loadingPrevious()
        phase("state wait")
        let viewerFiles = hashingFiles?.wait()
        // Views are computed only for names some unit looked up: the previous units' to find what changed,
        // and this link's to keep.
        let viewer =
            keepsState || previous != nil
            ? NameViewer(
                session: session, interfaceDigests: interfaceDigests,
                files: viewerFiles
                    ?? NameViewer.files(paths: sources.paths, interfaceDigests: interfaceDigests)) : nil
        var changed: Set<UInt64> = []
        var stale: Set<UInt64>?
        if let previous, let viewer {
            stale = viewer.stale(since: previous.views)
            changed = viewer.changed(amongReads: previous.readList, since: previous.views, stale: stale)
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
        // By file index: a dictionary of every file's digest by path cost more than the few look-ups. Each
        // file is looked up once, though both a type's unit and its own file unit ask.
        let previousDigests = previous?.factsDigests
        var fileChanged: [Bool?] = Array(repeating: nil, count: inputs.count)
        func unchanged(_ file: Int) -> Bool {
            if let known = fileChanged[file] { return !known }
            let before = previousDigests?[inputs[file].path]
            let isUnchanged = before == inputs[file].factsDigest
            fileChanged[file] = !isUnchanged
            return isUnchanged
        }
        // A handful of names after an edit: compared, not hashed, for each of the units' reads.
        let changedNames = DigestFilter(changed)
        func stillValid(_ reads: DigestList) -> Bool {
            changedNames.isEmpty || !reads.contains(where: changedNames.contains)
        }

        let previousTypeUnits = previous?.typeUnits
        let previousFileUnits = previous?.fileUnits
        // The positions of the units to redo are kept: looking for the nil units again copied every other one.
        var typeUnits: [TypeLinkUnit?] = []
        var redoneTypePositions: [Int] = []
        typeUnits.reserveCapacity(registered.count)
        for position in registered.indices {
            let entry = registeredEntries[position]
            if let unit = previousTypeUnits?[registered[position]], let entry,
                TypeLinkUnit.isReusable(unit, for: entry, in: table, unchanged: unchanged), stillValid(unit.reads)
            {
                typeUnits.append(unit)
            } else {
                typeUnits.append(nil)
                redoneTypePositions.append(position)
            }
        }
        var fileUnits: [FileLinkUnit?] = []
        var redoneFilePositions: [Int] = []
        fileUnits.reserveCapacity(linkedFiles.count)
        for (position, index) in linkedFiles.enumerated() {
            if unchanged(index), let unit = previousFileUnits?[inputs[index].path], stillValid(unit.reads) {
                fileUnits.append(unit)
            } else {
                fileUnits.append(nil)
                redoneFilePositions.append(position)
            }
        }

        var needed: Set<Int> = []
        for position in redoneTypePositions {
            needed.formUnion(registeredEntries[position]?.declarations.map(\.file) ?? [])
        }
        for position in redoneFilePositions { needed.insert(linkedFiles[position]) }
        let missing = needed.subtracting(detailed).sorted()
        guard let details = loadDetail(of: missing, inputs) else {
            _ = describingBefore?.wait()
            return nil
        }
        for (index, facts) in zip(missing, details) { session.supplyDetail(facts, forFile: index) }
        phase("detail")

        let redoneTypes = Set(redoneTypePositions.map { registered[$0] })
        let redoneFiles = Set(redoneFilePositions.map { inputs[linkedFiles[$0]].path })
        let typeRegistrar = TypeRegistrar(session: session, roles: roles)
        let configRegistrar = ConfigRegistrar(session: session)
        var counts = RelinkCounts(changedNames: changed.count, viewedNames: viewer?.viewedAgain ?? 0)
        for position in redoneTypePositions {
            guard let entry = registeredEntries[position] else { continue }
            typeUnits[position] = TypeLinkUnit(
                entry: entry, session: session, roles: roles, typeRegistrar: typeRegistrar,
                configRegistrar: configRegistrar)
            counts.typesRelinked += 1
        }
        for position in redoneFilePositions {
            fileUnits[position] = FileLinkUnit(file: linkedFiles[position], session: session, roles: roles)
            counts.filesRelinked += 1
        }
        phase("units")
        counts.typesReused = registered.count - counts.typesRelinked
        counts.filesReused = linkedFiles.count - counts.filesRelinked

        // Moved out, not copied: the optional lists are not used again.
        let types = typeUnits.indices.compactMap { typeUnits[$0].take() }
        let files = fileUnits.indices.compactMap { fileUnits[$0].take() }
        // The kept descriptions move into the graph's (the assembly drops those no longer reached); the state
        // below needs only which descriptions were made anew.
        var describedAnew: Set<String> = []
        let graph = Linker.assemble(
            session: session, typeUnits: types, fileUnits: files, importedModules: importedModules,
            properties: properties, runtimeModule: runtimeModule, exportLinks: exportLinks, describing: describing,
            describedBefore: { describingBefore?.wait() ?? describedBefore(in: previous, stale: stale) },
            describedAnew: { describedAnew = $0 })
        phase("assemble")
        let diagnostics =
            session.scanDiagnostics
            + types.flatMap(\.diagnostics) + files.flatMap(\.diagnostics)
        let pendingState =
            keepsState
            ? PendingState(
                .init(
                    typeUnits: types, fileUnits: files, redoneTypes: redoneTypes, redonePaths: redoneFiles,
                    inputs: inputs, linkedFiles: linkedFiles, registeredEntries: registeredEntries, redoneFiles: needed,
                    types: graph.types, describedAnew: describedAnew,
                    pendingViews: viewer.map {
                        PendingViews(viewer: $0, session: session, previous: previous?.views, stale: stale)
                    })) : nil
        phase("state")
        // A file decoded on demand that did not decode was stood in for: nothing of this link is kept.
        guard !sources.failed else { return nil }
        return IncrementalLink(
            graph: graph, diagnostics: diagnostics, pendingState: pendingState, counts: counts, phases: phases,
            decodedOnDemand: sources.decodedOnDemand)
    }

    /// The previous link's descriptions that are still right. A description is a function of the name's view
    /// (declarations, kind, supertypes, superclasses): one stored for a looked-up name that is not stale is
    /// still right.
    static func describedBefore(in previous: LinkState?, stale: Set<UInt64>?) -> [String: DeclaredType] {
        var described: [String: DeclaredType] = [:]
        guard let previous, let stale else { return described }
        // Sized once, and by index: a description is copied only when it is kept, the views' dependencies are
        // only looked for, and the dictionary is not grown a dozen times on the way.
        described.reserveCapacity(previous.types.count)
        let types = previous.types
        let dependencies = previous.views.dependencies
        for index in types.indices {
            let digest = NameViews.digest(of: types.keys[index])
            guard dependencies.index(forKey: digest) != nil, !stale.contains(digest) else { continue }
            described[types.keys[index]] = types.values[index]
        }
        return described
    }

    /// The whole facts of `indices`, decoded on both cores; nil when one does not decode.
    private static func loadDetail(of indices: [Int], _ inputs: [LinkInput]) -> [FileFacts]? {
        let loaders = indices.map { inputs[$0].detail }
        guard !loaders.isEmpty else { return [] }
        let facts = ParallelMap.map(Array(loaders.indices), threads: nil) { position in loaders[position]?.load() }
        guard !facts.contains(where: { $0 == nil }) else { return nil }
        return facts.compactMap { $0 }
    }
}

/// The table handed to another thread: it only reads it (entries and facts, not `reads`), and the link
/// waits for it before anything changes the table.
struct UncheckedTable: @unchecked Sendable {
    let table: TypeTable
    init(_ table: TypeTable) { self.table = table }
}

/// The previous state handed to the thread picking its kept descriptions: a value nobody changes.
private struct UncheckedState: @unchecked Sendable {
    let state: LinkState?
    init(_ state: LinkState?) { self.state = state }
}
