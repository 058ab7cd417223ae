/// Stages 3–6 for one target, writing no output: properties, sources (through the cache), scan, resolved
/// files, link and validation. Shared by every subcommand that reads sources.
struct TargetAnalysis {
    var graph: LinkedGraph
    var diagnostics: [Diagnostic]
    /// The target with dibuild-generated files left out of its sources, as the depfile lists them.
    var target: InputCollection.Target

    /// Looks up, scans, links and validates; with `.readWrite` the cache is saved afterwards (a failure
    /// is warning `O03`).
    static func run(_ target: InputCollection.Target, cache mode: CacheMode, progress: inout ProgressLog)
        -> TargetAnalysis
    {
        var lookup = SourceLookup.start(target, mode: mode, progress: &progress)
        var analysis = run(&lookup, progress: &progress)
        if let problem = lookup.saveCache(progress: &progress) { analysis.diagnostics.append(problem) }
        return analysis
    }

    /// Stages 4–6 after the cache lookup; the cache is not saved.
    static func run(_ lookup: inout SourceLookup, progress: inout ProgressLog) -> TargetAnalysis {
        let settings = lookup.target.settings
        let clock = ContinuousClock()
        let (properties, propertyDiagnostics) = PropertyLoader.load(lookup.target.inventory.propertyFiles)
        let sources = lookup.resolve(progress: &progress)
        var diagnostics = propertyDiagnostics + sources.diagnostics

        var modules: [ResolvedModule] = []
        for (file, dependency) in zip(lookup.target.inventory.resolvedFiles, settings.dependencies) {
            let (module, problems) = ResolvedFileReader.read(path: file, imports: dependency.imports)
            diagnostics += problems
            if let module { modules.append(module) }
        }
        var linked = (graph: LinkedGraph(), diagnostics: [Diagnostic]())
        let linkTime = clock.measure {
            let result = Linker.link(
                files: sources.files, properties: properties, importedModules: modules,
                runtimeModule: settings.runtimeModule,
                exportLinks: settings.providesResolvedFile && settings.configPath != nil)
            linked = (result.graph, result.diagnostics)
        }
        diagnostics += linked.diagnostics
        // A property file that failed to load would make every property it holds look missing.
        let propertiesLoaded = !propertyDiagnostics.contains { $0.severity == .error }
        let validateTime = clock.measure {
            diagnostics += Validator.validate(linked.graph, checkProperties: propertiesLoaded)
        }
        progress.log(
            "target '\(settings.name)': \(linked.graph.registrations.count) registrations "
                + "(link \(ProgressLog.milliseconds(linkTime)) ms, validate \(ProgressLog.milliseconds(validateTime)) ms)"
        )
        return TargetAnalysis(graph: linked.graph, diagnostics: diagnostics, target: sources.target)
    }
}
