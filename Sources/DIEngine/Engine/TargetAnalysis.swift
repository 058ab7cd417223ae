/// Stages 3–6 for one target, writing no output: properties, sources (through the cache), scan, resolved
/// files, link and validation. Shared by every subcommand that reads sources.
struct TargetAnalysis {
    var graph: LinkedGraph
    var diagnostics: [Diagnostic]
    /// The target with dibuild-generated files left out of its sources, as the depfile lists them.
    var target: InputCollection.Target
    /// The link state being written on another thread; `finish` waits for it.
    private var linkStateSave: BackgroundWork<String>?

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
        var linkStateSave: BackgroundWork<String>?
        let exportLinks = settings.providesResolvedFile && settings.configPath != nil
        let linkTime = clock.measure {
            if let inputs = interfaces?.inputs,
                let result = linkReusing(
                    inputs, lookup: lookup, properties: properties, modules: modules, exportLinks: exportLinks,
                    progress: &progress)
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
        let line = save.wait()
        progress.log(line)
    }

    /// The incremental link over interface-only inputs; nil when a file's detail does not decode. The new
    /// link state, if it changed, is written by `stateSave`, which returns the line to log.
    private static func linkReusing(
        _ inputs: [LinkInput], lookup: SourceLookup, properties: PropertyNode, modules: [ResolvedModule],
        exportLinks: Bool, progress: inout ProgressLog
    ) -> (graph: LinkedGraph, diagnostics: [Diagnostic], stateSave: BackgroundWork<String>?)? {
        let settings = lookup.target.settings
        guard inputs.contains(where: \.mayRegisterOrDepend) else {
            let linked = Linker.linkWithoutDI(
                files: inputs.map { ($0.path, $0.facts) }, properties: properties, importedModules: modules,
                runtimeModule: settings.runtimeModule, exportLinks: exportLinks)
            return (linked.graph, linked.diagnostics, nil)
        }
        let path = LinkStateFile.path(cacheFile: lookup.cachePath)
        let identity = VersionInfo.version
        // Loaded on another thread while the link builds its type table, which does not depend on it.
        let loading = BackgroundWork { () -> LoadedLinkState in
            let clock = ContinuousClock()
            var loaded = LoadedLinkState()
            loaded.time = clock.measure { loaded.state = LinkStateFile.load(from: path, identity: identity) }
            return loaded
        }
        var loaded: LoadedLinkState?
        let link = IncrementalLinker.link(
            inputs, properties: properties, importedModules: modules, runtimeModule: settings.runtimeModule,
            exportLinks: exportLinks,
            awaitingPrevious: {
                loaded = loading.wait()
                return loaded?.state
            })
        if loaded == nil { loaded = loading.wait() }
        let previous = loaded?.state
        let loadTime = loaded?.time ?? .zero
        guard let link else { return nil }
        let phases = link.phases.map { "\($0.name) \(ProgressLog.milliseconds($0.duration)) ms" }
            .joined(separator: ", ")
        progress.log("target '\(settings.name)': relinked \(link.counts)")
        progress.log("target '\(settings.name)': link state load \(ProgressLog.milliseconds(loadTime)) ms, \(phases)")
        // The views are computed here only when nothing else tells that the state changed.
        var completeState: LinkState?
        if link.counts.typesRelinked + link.counts.filesRelinked == 0
            && previous?.factsDigests == link.unitState.factsDigests
        {
            completeState = link.state
            guard previous?.views != completeState?.views else { return (link.graph, link.diagnostics, nil) }
        }
        let stateCompletion = link.stateCompletion
        let name = settings.name
        let save = BackgroundWork { [completeState] () -> String in
            let clock = ContinuousClock()
            var problem: FileSystemError?
            let saveTime = clock.measure {
                problem = LinkStateFile.save(completeState ?? stateCompletion(), to: path, identity: identity)
            }
            if let problem { return "target '\(name)': link state not saved: \(problem)" }
            return "wrote link state '\(path)' (\(ProgressLog.milliseconds(saveTime)) ms)"
        }
        return (link.graph, link.diagnostics, save)
    }
}

/// A link state read by `LinkStateFile.load` on another thread, with the time that took. Handed over once,
/// after the thread is joined.
private struct LoadedLinkState: @unchecked Sendable {
    var state: LinkState?
    var time: Duration = .zero
}
