/// `build` and `generate`: every stage, then the generated files.
extension Engine {
    /// `dibuild build`. Targets are processed in `target` order and each one's outputs are written before
    /// the next is inventoried, so a target can read the `Deli.resolved` an earlier target of the same run
    /// has just written. After the first error nothing more is written; later targets are still checked so
    /// that every error is reported.
    public static func build(
        _ overrides: ConfigOverrides, depfilePhony: Bool = false, options: RunOptions
    ) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let clock = ContinuousClock()
        let start = clock.now
        let configured = InputCollection.configure(overrides, progress: &progress)
        if let message = configured.usageError ?? buildUsageError(overrides, targets: configured.targets) {
            return RunResult(usageError: message, options: options)
        }
        var diagnostics = configured.diagnostics
        if options.printInputs || DiagnosticReport(diagnostics).hasErrors {
            let collection = InputCollection.collect(configured, progress: &progress)
            return listing(collection, progress: progress, options: options)
        }
        let conflicts = OutputConflicts(build: configured.targets, useCache: options.useCache)
        if let message = conflicts.duplicateOutput()
            ?? conflicts.inputOverwritten(inputs: configured.targets.compactMap(\.configPath))
        {
            return RunResult(usageError: message, options: options)
        }
        let depfile = TargetOutputs.DepfileOptions(target: overrides.depfileTarget, phony: depfilePhony)
        var writable = true
        var status: ExitStatus?
        var builds: [TargetBuild] = []
        for (index, settings) in configured.targets.enumerated() {
            let feed = WalkFeed()
            let cacheLoad = TargetBuild.startCacheLoad(for: settings, options: options, feed: feed)
            let listingCache = ListingCache(settings: settings, options: options)
            let target = InputCollection.inventory(
                for: settings, feed: cacheLoad == nil ? nil : feed, listingCache: listingCache, progress: &progress)
            if let message = conflicts.inputOverwritten(by: target, after: Array(configured.targets[..<index])) {
                _ = cacheLoad?.wait()
                return RunResult(usageError: message, options: options)
            }
            diagnostics += target.inventory.diagnostics
            if options.useCache, let warning = CacheFileCheck.warning(for: settings) { diagnostics.append(warning) }
            guard !target.inventory.hasErrors else {
                _ = cacheLoad?.wait()
                writable = false
                continue
            }
            var build = TargetBuild(
                target, depfile: depfile, options: options, loadedAhead: cacheLoad, progress: &progress)
            let result = build.run(after: diagnostics, writable: writable, progress: &progress)
            builds.append(build)
            diagnostics += result.diagnostics
            writable = result.writable
            if let error = result.writeError {
                diagnostics.append(error.writeFailureDiagnostic)
                status = .ioError
                writable = false
            }
            if writable { listingCache?.save() }
        }
        progress.log("total \(ProgressLog.milliseconds(start.duration(to: clock.now))) ms")
        var result = RunResult(
            diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options, status: status)
        result.retainedState = builds
        return result
    }

    /// `dibuild generate`: the factory of every selected target on stdout, or with `-o` written to that
    /// file if its bytes changed. Never writes the cache, the depfile or the resolved file.
    public static func generate(_ overrides: ConfigOverrides, options: RunOptions) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let configured = InputCollection.configure(overrides, progress: &progress)
        if let message = configured.usageError ?? singleTargetUsageError(overrides, targets: configured.targets) {
            return RunResult(usageError: message, options: options)
        }
        let collection = InputCollection.collect(configured, progress: &progress)
        if options.printInputs || collection.stopsRun {
            return listing(collection, progress: progress, options: options)
        }
        if overrides.output != nil, let target = collection.targets.first {
            var conflicts = OutputConflicts()
            conflicts.add(target.settings.outputPath, role: "factory", target: target.settings.name)
            if let message = conflicts.inputOverwritten(by: target) {
                return RunResult(usageError: message, options: options)
            }
        }
        var diagnostics = collection.diagnostics
        var factories: [TargetOutputs.File] = []
        for target in collection.targets {
            if options.useCache, let warning = CacheFileCheck.warning(for: target.settings) {
                diagnostics.append(warning)
            }
            let analysis = TargetAnalysis.run(target, cache: options.cacheMode(writing: false), progress: &progress)
            diagnostics += analysis.diagnostics
            factories.append(
                timed("target '\(target.settings.name)': rendered factory", &progress) {
                    TargetOutputs.factory(analysis.graph, settings: target.settings)
                })
        }
        guard !DiagnosticReport(diagnostics).fails(with: options.reportOptions) else {
            return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options)
        }
        guard overrides.output != nil, let factory = factories.first else {
            return RunResult(
                diagnostics: diagnostics, verboseLines: progress.lines, output: factories.map(\.text).joined(),
                options: options)
        }
        var status: ExitStatus?
        do throws(FileSystemError) {
            try TargetOutputs.write(factory, progress: &progress)
        } catch {
            diagnostics.append(error.writeFailureDiagnostic)
            status = .ioError
        }
        return RunResult(
            diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options, status: status)
    }

    /// Config-less `build` needs `-o`; the single-target options need a single target.
    private static func buildUsageError(_ overrides: ConfigOverrides, targets: [TargetSettings]) -> String? {
        if targets.count == 1 && targets[0].configPath == nil && overrides.output == nil {
            return "'build' without a config file needs '-o <path>'"
        }
        if targets.count > 1 && (overrides.depfile != nil || overrides.depfileTarget != nil) {
            return "'--depfile' and '--depfile-target' need a single target; select one with '--target'"
        }
        return singleTargetUsageError(overrides, targets: targets)
    }

    private static func singleTargetUsageError(_ overrides: ConfigOverrides, targets: [TargetSettings]) -> String? {
        guard targets.count > 1, overrides.output != nil || overrides.className != nil else { return nil }
        return "'-o' and '--class-name' need a single target; select one with '--target'"
    }

    /// `--print-inputs`, or the errors that stop a run before scanning.
    static func listing(
        _ collection: InputCollection, progress: ProgressLog, options: RunOptions
    ) -> RunResult {
        var collection = collection
        collection.leaveOutGeneratedSources()
        return RunResult(
            diagnostics: collection.diagnostics, verboseLines: progress.lines,
            output: collection.stopsRun ? "" : collection.inputListing, options: options)
    }

    /// `body`'s result, with a progress line saying how long it took.
    private static func timed<Value>(
        _ message: String, _ progress: inout ProgressLog, _ body: () -> Value
    ) -> Value {
        let clock = ContinuousClock()
        let start = clock.now
        let value = body()
        progress.log("\(message) (\(ProgressLog.milliseconds(start.duration(to: clock.now))) ms)")
        return value
    }
}
