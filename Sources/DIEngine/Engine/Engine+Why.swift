extension Engine {
    public enum ExplanationFormat: String, Sendable, CaseIterable {
        case text, json
    }

    /// `dibuild why TYPE[:QUALIFIER]`: config → link → validate of the single selected target, then the
    /// explanation on stdout. Like `graph`, the run's diagnostics go to stderr and an error among them
    /// makes the exit status 1 though the explanation is printed; a type the target does not know is an
    /// error of its own.
    public static func why(
        _ overrides: ConfigOverrides, query: String, format: ExplanationFormat, options: RunOptions
    ) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let outcome = InputCollection.collect(overrides, progress: &progress)
        guard case .collected(let inputs) = outcome else {
            return RunResult(usageError: outcome.usageMessage, options: options)
        }
        let (typeName, qualifier) = WhyQuery.parse(query)
        if typeName.isEmpty {
            return RunResult(
                usageError: "'why' needs a type name, as in 'why Library' or 'why Logger:memory'", options: options)
        }
        if inputs.targets.count > 1 {
            return RunResult(usageError: "'why' explains one target; choose it with '--target'", options: options)
        }
        guard !inputs.stopsRun, let target = inputs.targets.first else {
            return RunResult(
                diagnostics: inputs.diagnostics, verboseLines: progress.lines, output: "", options: options)
        }
        let analysis = TargetAnalysis.run(target, cache: .disabled, describing: [typeName], progress: &progress)
        let diagnostics = inputs.diagnostics + analysis.diagnostics
        switch DependencyExplainer.explain(
            typeName: typeName, qualifier: qualifier, in: analysis.graph, target: target.settings.name)
        {
        case .unknown(let problem):
            return RunResult(
                diagnostics: diagnostics + [problem], verboseLines: progress.lines, output: "", options: options)
        case .explained(let explanation):
            let text = format == .json ? explanation.json : explanation.text
            return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: text, options: options)
        }
    }
}
