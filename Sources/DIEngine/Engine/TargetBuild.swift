/// One target of `dibuild build`, stages 3–8. `IncrementalPolicy` decides
/// the `BuildPlan`. When the inputs (or all facts) equal the previous run's and its outputs are untouched,
/// the run replays that run's record: it prints the same warnings and writes the depfile, and touches no
/// other output. Otherwise it scans, links, validates and generates, then writes the cache, the resolved
/// file, the depfile and the factory in this order; after any error (of this or an earlier target) only
/// the cache is written.
struct TargetBuild {
    private var lookup: SourceLookup
    private var keptAnalysis: TargetAnalysis?
    private let depfile: TargetOutputs.DepfileOptions
    private let reportOptions: DiagnosticReport.Options
    /// Nil without a cache.
    private let inputs: BuildInputs?
    /// Nil without a cache, or when an input cannot be read.
    private let contentDigest: UInt64?

    /// What the target contributed to the run.
    struct Result {
        var diagnostics: [Diagnostic] = []
        /// Whether the run may go on writing outputs (no error so far, `--werror` applied).
        var writable: Bool
        var writeError: FileSystemError?
    }

    /// `loadedAhead`: the target's cache, being loaded since before its inventory (`startCacheLoad`).
    init(
        _ target: InputCollection.Target, depfile: TargetOutputs.DepfileOptions, options: RunOptions,
        loadedAhead: CacheLoadAhead? = nil, progress: inout ProgressLog
    ) {
        lookup = SourceLookup.start(
            target, mode: options.cacheMode(writing: true), lazyFacts: true, loadedAhead: loadedAhead,
            progress: &progress)
        self.depfile = depfile
        reportOptions = options.reportOptions
        inputs =
            lookup.mode == .disabled
            ? nil : BuildInputs(target, options: "\(depfile.digestText) werror=\(options.warningsAsErrors)")
        contentDigest = inputs?.contentDigest(lookup.lookups)
    }

    /// The load of the cache that `init` uses, started on a thread of its own (before the inventory, which
    /// passes what it finds through `feed`).
    static func startCacheLoad(for settings: TargetSettings, options: RunOptions, feed: WalkFeed) -> CacheLoadAhead? {
        CacheLoadAhead.start(for: settings, mode: options.cacheMode(writing: true), lazyFacts: true, feed: feed)
    }

    /// Builds the target after the `earlier` diagnostics of the run; `writable` is false once an earlier
    /// target failed.
    mutating func run(after earlier: [Diagnostic], writable: Bool, progress: inout ProgressLog) -> Result {
        let previous = lookup.cache.run.map(PreviousBuild.init)
        let cacheEnabled = inputs != nil
        let contentDigest = contentDigest
        func decide(_ facts: FactsChange?) -> BuildPlan? {
            IncrementalPolicy.plan(
                cacheEnabled: cacheEnabled, previous: previous, contentDigest: contentDigest, facts: facts)
        }
        var plan = decide(nil)
        var factsDigest: UInt64?
        if plan?.isReplay != true {
            lookup.scanChanged(progress: &progress)
            factsDigest = lookup.factsHashes().flatMap { inputs?.factsDigest(lookup.lookups, factsHashes: $0) }
            plan =
                plan
                ?? decide(factsDigest.map { FactsChange(digest: $0, changedFiles: lookup.cache.filesWithChangedFacts) })
        }
        let decided = plan ?? .rebuild(.unreadableInput)
        progress.log("target '\(name)': plan: \(decided)")
        if case .replay(let reason) = decided, case .intact(let record) = previous?.state {
            if reason == .factsUnchanged, let run = lookup.cache.run, let contentDigest {
                // The next run with these sources replays without scanning them.
                lookup.record(RunRecord(inputsDigest: contentDigest, payload: run.payload))
            }
            return replay(record, after: earlier, writable: writable, progress: &progress)
        }
        let clock = ContinuousClock()
        var outputs: TargetOutputs!
        var generateTime = Duration.zero
        let depfile = depfile
        let cacheFile = lookup.mode == .disabled ? nil : lookup.cachePath
        var previousDepfile: BuildRecord.RecordedFile?
        if case .intact(let record) = previous?.state { previousDepfile = record.depfile }
        var analysis = TargetAnalysis.run(&lookup, reusingLinks: lookup.mode == .readWrite, progress: &progress) {
            graph, target in
            generateTime = clock.measure {
                outputs = TargetOutputs.render(
                    graph, for: target, depfile: depfile, cacheFile: cacheFile, previousDepfile: previousDepfile)
            }
        }
        // The link state is written on another thread meanwhile. The analysis (graph, link session) is kept
        // with the build, which a run about to exit does not free (`RunResult.retainedState`).
        defer {
            analysis.finish(progress: &progress)
            keptAnalysis = analysis
        }
        progress.log(
            "target '\(name)': generate \(ProgressLog.milliseconds(generateTime)) ms"
                + (outputs.reusedDepfile ? " (depfile from the run record)" : ""))
        var result = Result(diagnostics: analysis.diagnostics + outputs.diagnostics, writable: writable)
        result.writable = writable && !fails(earlier + result.diagnostics)
        if result.writable, let contentDigest, let factsDigest {
            let payload = record(of: outputs, factsDigest: factsDigest, diagnostics: result.diagnostics)
            lookup.record(RunRecord(inputsDigest: contentDigest, payload: payload))
        }
        saveCache(into: &result, after: earlier, progress: &progress)
        guard result.writable else { return result }
        let emitTime = clock.measure {
            do throws(FileSystemError) {
                try outputs.write(progress: &progress)
            } catch {
                result.writeError = error
            }
        }
        progress.log("target '\(name)': emit \(ProgressLog.milliseconds(emitTime)) ms")
        return result
    }

    private var name: String { lookup.target.settings.name }

    private func fails(_ diagnostics: [Diagnostic]) -> Bool {
        DiagnosticReport(diagnostics).fails(with: reportOptions)
    }

    private mutating func replay(
        _ record: BuildRecord, after earlier: [Diagnostic], writable: Bool, progress: inout ProgressLog
    ) -> Result {
        lookup.logStatistics(progress: &progress)
        lookup.dropImageAhead()
        let clock = ContinuousClock()
        let start = clock.now
        defer { progress.log("target '\(name)': replay \(ProgressLog.milliseconds(start.duration(to: clock.now))) ms") }
        var result = Result(diagnostics: record.diagnostics, writable: writable)
        result.writable = writable && !fails(earlier + result.diagnostics)
        saveCache(into: &result, after: earlier, progress: &progress)
        guard result.writable, let depfile = record.depfile else { return result }
        do throws(FileSystemError) {
            try AtomicFileWriter.write(depfile.bytes, to: depfile.path, onlyIfChanged: false)
        } catch {
            result.writeError = error
        }
        return result
    }

    /// Writes the cache if an entry or the record changed; `O03` on failure (an error under `--werror`).
    private mutating func saveCache(into result: inout Result, after earlier: [Diagnostic], progress: inout ProgressLog)
    {
        guard let problem = lookup.saveCache(progress: &progress) else { return }
        result.diagnostics.append(problem)
        result.writable = result.writable && !fails(earlier + result.diagnostics)
    }

    /// The payload a later run with the same inputs replays.
    private func record(of outputs: TargetOutputs, factsDigest: UInt64, diagnostics: [Diagnostic]) -> [UInt8] {
        let files = [outputs.resolved, outputs.factory].compactMap { $0 }
        let record = BuildRecord(
            factsDigest: factsDigest, diagnostics: diagnostics,
            depfile: outputs.depfile.map {
                BuildRecord.RecordedFile(
                    path: $0.path, bytes: $0.bytes[...], key: outputs.depfileKey, diagnostics: outputs.diagnostics)
            },
            outputs: files.map { BuildRecord.OutputStamp(expecting: $0.bytes, at: $0.path) })
        return record.encoded()
    }
}
