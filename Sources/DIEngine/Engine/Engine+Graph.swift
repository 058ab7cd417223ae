#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Engine {
    /// `dibuild graph`: config → link, then the graph of every selected target as DOT, JSON or HTML
    /// (`codegen.md` §10) on stdout, or in `outputPath` (`-o`, relative to the current directory). Link and
    /// validation errors are reported but do not suppress the graph (`config.md` §6.1).
    public static func graph(
        _ overrides: ConfigOverrides, format: GraphExport.Format, outputPath: String?, options: RunOptions
    ) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let inputs: InputCollection
        switch InputCollection.collect(overrides, progress: &progress) {
        case .usageError(let message):
            return RunResult(usageError: message, options: options)
        case .collected(let collection):
            inputs = collection
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
        if let problem = GraphFile.save(text, to: outputPath) {
            let status: ExitStatus = problem.code == "O01" ? .ioError : .failure
            return RunResult(
                diagnostics: diagnostics + [problem], verboseLines: progress.lines, output: "", options: options,
                status: status)
        }
        return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options)
    }
}

/// Writes the `graph -o` file atomically: missing parent directories are created, then a temporary file
/// beside it is renamed over it.
enum GraphFile {
    /// nil on success, else `O02` (the path is a directory) or `O01`.
    static func save(_ text: String, to path: String) -> Diagnostic? {
        if FileContents.isDirectory(path) { return .error("O02", "output path '\(path)' is a directory") }
        var prefix: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: false).dropLast() {
            prefix.append(component)
            let directory = prefix.joined(separator: "/")
            guard !component.isEmpty, !FileContents.isDirectory(directory) else { continue }
            if mkdir(directory, 0o777) != 0 && errno != EEXIST { return failure(path) }
        }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0o644)
        guard descriptor >= 0 else { return failure(path) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let problem = failure(path)
                close(descriptor)
                unlink(temporary)
                return problem
            }
            written += count
        }
        guard close(descriptor) == 0, rename(temporary, path) == 0 else {
            let problem = failure(path)
            unlink(temporary)
            return problem
        }
        return nil
    }

    private static func failure(_ path: String) -> Diagnostic {
        .error("O01", "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
