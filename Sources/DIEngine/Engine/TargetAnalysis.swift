/// Stages 3–6 for one target, writing nothing: properties, sources, scan, resolved files, link and
/// validation. Shared by `validate` and `graph`.
struct TargetAnalysis {
    var graph: LinkedGraph
    var diagnostics: [Diagnostic]

    static func run(_ target: InputCollection.Target, progress: inout ProgressLog) -> TargetAnalysis {
        let settings = target.settings
        let clock = ContinuousClock()
        let (properties, propertyDiagnostics) = PropertyLoader.load(target.inventory.propertyFiles)
        var diagnostics = propertyDiagnostics
        let sources = readSources(target.inventory.sources, diagnostics: &diagnostics)
        var facts: [FileFacts] = []
        let scanTime = clock.measure { facts = Scanner.scanAll(sources, runtimeModule: settings.runtimeModule) }
        progress.log(
            "target '\(settings.name)': scanned \(sources.count) files (scan \(ProgressLog.milliseconds(scanTime)) ms)")

        var modules: [ResolvedModule] = []
        for (file, dependency) in zip(target.inventory.resolvedFiles, settings.dependencies) {
            let (module, problems) = ResolvedFileReader.read(path: file, imports: dependency.imports)
            diagnostics += problems
            if let module { modules.append(module) }
        }
        var graph = LinkedGraph()
        let linkTime = clock.measure {
            let linked = Linker.link(
                files: zip(sources, facts).map { (path: $0.0.path, facts: $0.1) }, properties: properties,
                importedModules: modules, runtimeModule: settings.runtimeModule,
                exportLinks: settings.generateResolved && settings.configPath != nil)
            graph = linked.graph
            // A property file that failed to load would make every property it holds look missing.
            let propertiesLoaded = !propertyDiagnostics.contains { $0.severity == .error }
            diagnostics += linked.diagnostics + Validator.validate(graph, checkProperties: propertiesLoaded)
        }
        progress.log(
            "target '\(settings.name)': \(graph.registrations.count) registrations "
                + "(link and validation \(ProgressLog.milliseconds(linkTime)) ms)")
        return TargetAnalysis(graph: graph, diagnostics: diagnostics)
    }

    /// The bytes of every source; unreadable files (`I01`) and files that are not UTF-8 (`I13`) are left out.
    private static func readSources(_ paths: [String], diagnostics: inout [Diagnostic]) -> [(
        path: String, bytes: [UInt8]
    )] {
        paths.compactMap { path in
            switch FileContents.contents(of: path) {
            case .failure(let error):
                diagnostics.append(.error("I01", "cannot read '\(path)': \(error.reason)"))
                return nil
            case .success(let bytes):
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    diagnostics.append(.error("I13", "'\(path)' is not valid UTF-8"))
                    return nil
                }
                return (path: path, bytes: bytes)
            }
        }
    }
}
