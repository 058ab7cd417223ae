extension Engine {
    /// `dibuild graph`: config → link, then the graph of every selected target as DOT, JSON or HTML
    /// on stdout, or in `outputPath` (`-o`, relative to the current directory). Link and
    /// validation errors are reported but do not suppress the graph.
    public static func graph(
        _ overrides: ConfigOverrides, format: GraphExport.Format, outputPath: String?, options: RunOptions
    ) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let outcome = InputCollection.collect(overrides, progress: &progress)
        guard case .collected(let inputs) = outcome else {
            return RunResult(usageError: outcome.usageMessage, options: options)
        }
        if outputPath != nil && inputs.targets.count > 1 {
            return RunResult(usageError: "'-o' cannot be used with more than one target", options: options)
        }
        if format == .html && inputs.targets.count > 1 {
            return RunResult(
                usageError: "'--format html' shows one target; choose it with '--target'", options: options)
        }
        guard !inputs.stopsRun else {
            return RunResult(
                diagnostics: inputs.diagnostics, verboseLines: progress.lines, output: "", options: options)
        }
        if let outputPath, let target = inputs.targets.first {
            var conflicts = OutputConflicts()
            conflicts.add(outputPath, role: "graph", target: target.settings.name)
            if let message = conflicts.inputOverwritten(
                inputs: OutputConflicts.inputs(of: target), sources: target.inventory.sources)
            {
                return RunResult(usageError: message, options: options)
            }
        }
        var diagnostics = inputs.diagnostics
        var text = ""
        for target in inputs.targets {
            let analysis = TargetAnalysis.run(target, cache: .disabled, progress: &progress)
            diagnostics += analysis.diagnostics
            text += GraphExport.render(
                analysis.graph, as: format, diagnostics: inputs.diagnostics + analysis.diagnostics,
                title: target.settings.name)
        }
        guard let outputPath else {
            return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: text, options: options)
        }
        do throws(FileSystemError) {
            try AtomicFileWriter.write(Array(text.utf8), to: outputPath, onlyIfChanged: false)
        } catch {
            return RunResult(
                diagnostics: diagnostics + [error.writeFailureDiagnostic], verboseLines: progress.lines, output: "",
                options: options, status: .ioError)
        }
        return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options)
    }
}
