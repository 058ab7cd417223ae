/// Stages 3–6 for one target, writing no output: properties, sources (through the cache), scan, resolved
/// files, link and validation. Shared by every subcommand that reads sources.
struct TargetAnalysis {
    var graph: LinkedGraph
    var diagnostics: [Diagnostic]
    /// The target with dibuild-generated files left out of its sources, as the depfile lists them.
    var target: InputCollection.Target
    /// The link state being written on another thread; `finish` waits for it.
    private var linkStateSave: BackgroundWork<LinkStateSave>?
    /// What the link state's thread worked with (the link session, the previous and the new state), kept
    /// after `finish` so that a run about to exit does not spend its last milliseconds freeing them
    /// (`RunResult.retainedState`); a process that goes on frees them with this value.
    private var keptAfterSave: LinkStateSave?

    /// Looks up, scans, links and validates; with `.readWrite` the cache is saved afterwards (a failure
    /// is warning `O03`).
    /// `describing` names declared types the graph describes besides those DI code reaches (`why`).
    static func run(
        _ target: InputCollection.Target, cache mode: CacheMode, describing: Set<String> = [],
        progress: inout ProgressLog
    ) -> TargetAnalysis {
        var lookup = SourceLookup.start(target, mode: mode, progress: &progress)
        var analysis = run(&lookup, describing: describing, progress: &progress)
        analysis.finish(progress: &progress)
        if let problem = lookup.saveCache(progress: &progress) { analysis.diagnostics.append(problem) }
        return analysis
    }

    /// Stages 4–6 after the cache lookup; the cache is not saved. With `reusingLinks` (a writable cache),
    /// only the files' interfaces are decoded up front and the link reuses the units of the last link kept
    /// beside the cache (`IncrementalLinker`), then stores the new ones on another thread: call `finish`
    /// before the run ends. `whileValidating` runs on this thread with the linked graph and the target
    /// while the graph is validated on another.
    static func run(
        _ lookup: inout SourceLookup, reusingLinks: Bool = false, describing: Set<String> = [],
        progress: inout ProgressLog, whileValidating: (LinkedGraph, InputCollection.Target) -> Void = { _, _ in }
    ) -> TargetAnalysis {
        let settings = lookup.target.settings
        let clock = ContinuousClock()
        // Decoded on the other core from now on: the facts resolved next take only this one (`LinkStateLoad`).
        let stateLoad = reusingLinks ? LinkStateLoad(cacheFile: lookup.cachePath, identity: VersionInfo.version) : nil
        let (properties, propertyDiagnostics) = PropertyLoader.load(lookup.target.inventory.propertyFiles)
        let interfaces = reusingLinks ? lookup.resolveInterfaces(progress: &progress) : nil
        let sources = interfaces?.sources ?? lookup.resolve(progress: &progress)
        var diagnostics = propertyDiagnostics + sources.diagnostics

        var modules: [ResolvedModule] = []
        for (file, dependency) in zip(lookup.target.inventory.resolvedFiles, settings.dependencies) {
            let (module, problems) = ResolvedFileReader.read(path: file, imports: dependency.imports)
            diagnostics += problems
            if let module { modules.append(module) }
        }
        var linked = (graph: LinkedGraph(), diagnostics: [Diagnostic]())
        var linkStateSave: BackgroundWork<LinkStateSave>?
        let exportLinks = settings.providesResolvedFile && settings.configPath != nil
        let linkTime = clock.measure {
            if let inputs = interfaces?.inputs, let stateLoad,
                let result = linkReusing(
                    inputs, lookup: lookup, properties: properties, modules: modules, exportLinks: exportLinks,
                    image: interfaces?.image, stateLoad: stateLoad, progress: &progress)
            {
                linked = (result.graph, result.diagnostics)
                linkStateSave = result.stateSave
                return
            }
            let files = interfaces == nil ? sources.files : lookup.resolve(progress: &progress).files
            let result = Linker.link(
                files: files, properties: properties, importedModules: modules,
                runtimeModule: settings.runtimeModule, exportLinks: exportLinks, describing: describing)
            linked = (result.graph, result.diagnostics)
        }
        diagnostics += linked.diagnostics
        // A property file that failed to load would make every property it holds look missing.
        let propertiesLoaded = !propertyDiagnostics.contains { $0.severity == .error }
        let graph = linked.graph
        let validation = BackgroundWork { () -> (diagnostics: [Diagnostic], time: Duration) in
            var found: [Diagnostic] = []
            let time = ContinuousClock().measure {
                found = Validator.validate(graph, checkProperties: propertiesLoaded)
            }
            return (found, time)
        }
        whileValidating(graph, sources.target)
        let validated = validation.wait()
        diagnostics += validated.diagnostics
        progress.log(
            "target '\(settings.name)': \(graph.registrations.count) registrations "
                + "(link \(ProgressLog.milliseconds(linkTime)) ms, validate \(ProgressLog.milliseconds(validated.time)) ms)"
        )
        return TargetAnalysis(
            graph: graph, diagnostics: diagnostics, target: sources.target, linkStateSave: linkStateSave)
    }

    /// Waits for the link state to be written, and logs how that went.
    mutating func finish(progress: inout ProgressLog) {
        guard let save = linkStateSave else { return }
        linkStateSave = nil
        // Waited for with or without `-v`: the log's message is evaluated only when it is enabled.
        var saved = LinkStateSave(line: "")
        let waited = ContinuousClock().measure { saved = save.wait() }
        progress.log(saved.line + "; the build waited \(ProgressLog.milliseconds(waited)) ms for it")
        keptAfterSave = saved
    }

    /// The incremental link over interface-only inputs; nil when a file's detail does not decode. The new
    /// link state, if it changed, and the table image `image` are written by `stateSave`, which returns the
    /// line to log.
    private static func linkReusing(
        _ inputs: [LinkInput], lookup: SourceLookup, properties: PropertyNode, modules: [ResolvedModule],
        exportLinks: Bool, image: TableImageUpdate?, stateLoad: LinkStateLoad, progress: inout ProgressLog
    ) -> (graph: LinkedGraph, diagnostics: [Diagnostic], stateSave: BackgroundWork<LinkStateSave>?)? {
        let settings = lookup.target.settings
        guard inputs.contains(where: \.mayRegisterOrDepend) else {
            // Only the scanner's diagnostics are read: a file without any is not decoded.
            var files: [(path: String, facts: FileFacts)] = []
            for input in inputs where input.part?.hasDiagnostics != false {
                guard let facts = input.facts ?? input.interface?.load() else { return nil }
                files.append((input.path, facts))
            }
            let linked = Linker.linkWithoutDI(
                files: files, properties: properties, importedModules: modules,
                runtimeModule: settings.runtimeModule, exportLinks: exportLinks)
            return (linked.graph, linked.diagnostics, nil)
        }
        let path = LinkStateFile.path(cacheFile: lookup.cachePath)
        let identity = VersionInfo.version
        // Read and decoded on the other core while this one builds the type table, which needs none of it.
        var loaded: LinkStateLoad.Loaded?
        let linked = IncrementalLinker.link(
            inputs, properties: properties, importedModules: modules, runtimeModule: settings.runtimeModule,
            exportLinks: exportLinks,
            loadingPrevious: {
                loaded = stateLoad.wait()
                return loaded?.state
            })
        if loaded == nil { loaded = stateLoad.wait() }
        guard let link = linked else { return nil }
        let previous = loaded?.state
        let loadTime = loaded?.time ?? .zero
        let phases = link.phases.map { "\($0.name) \(ProgressLog.milliseconds($0.duration)) ms" }
            .joined(separator: ", ")
        progress.log("target '\(settings.name)': relinked \(link.counts)")
        progress.log("target '\(settings.name)': \(link.decodedOnDemand) interfaces decoded on demand")
        progress.log(
            "target '\(settings.name)': link state load \(ProgressLog.milliseconds(loadTime)) ms (beside the table), "
                + phases)
        let pendingState = link.pendingState
        let name = settings.name
        let save = BackgroundWork { [previous] () -> LinkStateSave in
            let clock = ContinuousClock()
            var outcome: Result<LinkStateFile.Written, FileSystemError> = .success(.init(bytes: 0, appended: true))
            // Made and written in one go: the changes since the state read (what the link redid), or the
            // whole state when the file is rewritten.
            var stateTime = Duration.zero
            func timed<Value>(_ body: () -> Value) -> Value {
                let start = clock.now
                defer { stateTime += start.duration(to: clock.now) }
                return body()
            }
            let totalTime = clock.measure {
                outcome = LinkStateFile.save(
                    previous: previous, to: path, identity: identity,
                    changes: { previous in
                        timed { pendingState?.changes(since: previous) ?? LinkStateChanges(from: previous, to: .empty) }
                    },
                    state: { timed { pendingState?.state ?? .empty } })
            }
            let saveTime = totalTime - stateTime
            let times =
                "state \(ProgressLog.milliseconds(stateTime)) ms, write \(ProgressLog.milliseconds(saveTime)) ms"
            var line: String
            switch outcome {
            case .failure(let problem): line = "target '\(name)': link state not saved: \(problem)"
            case .success(let written) where written.bytes == 0: line = "link state '\(path)' unchanged (\(times))"
            case .success(let written) where written.appended:
                line = "appended \(written.bytes) bytes to link state '\(path)' (\(times))"
            case .success(let written): line = "wrote link state '\(path)' (\(written.bytes) bytes; \(times))"
            }
            if let image { line += "; " + image.save() }
            return LinkStateSave(line: line, kept: [pendingState as Any, previous as Any])
        }
        return (link.graph, link.diagnostics, save)
    }
}

/// What the link state's thread reports (the `-v` line), and the values it worked with, handed back so
/// that the thread frees nothing (`TargetAnalysis.keptAfterSave`).
struct LinkStateSave: @unchecked Sendable {
    var line: String
    var kept: [Any] = []
}
