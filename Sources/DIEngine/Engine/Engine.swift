/// Orchestrates the pipeline stages for each subcommand; the CLI only parses arguments and prints
/// what comes back.
public enum Engine {
    /// `dibuild version`.
    public static func version(options: RunOptions) -> RunResult {
        RunResult(
            diagnostics: [], verboseLines: [], output: VersionInfo.text(verbose: options.verbose), options: options)
    }

    /// `dibuild validate`: config → inventory → properties → scan → link → validate, reporting every
    /// problem found. Configuration and inventory errors stop the run before scanning.
    public static func validate(_ overrides: ConfigOverrides, options: RunOptions) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let outcome = InputCollection.collect(overrides, progress: &progress)
        guard case .collected(var inputs) = outcome else {
            return RunResult(usageError: outcome.usageMessage, options: options)
        }
        if inputs.stopsRun || options.printInputs {
            return listing(inputs, progress: progress, options: options)
        }
        for target in inputs.targets {
            if options.useCache, let warning = CacheFileCheck.warning(for: target.settings) {
                inputs.diagnostics.append(warning)
            }
            inputs.diagnostics +=
                TargetAnalysis.run(target, cache: options.cacheMode(writing: true), progress: &progress).diagnostics
        }
        return RunResult(diagnostics: inputs.diagnostics, verboseLines: progress.lines, output: "", options: options)
    }
}
