/// Process exit codes: 0 success, 1 diagnostics, 2 usage, 70 internal error, 74 I/O error.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case internalError = 70
    case ioError = 74
}

/// How a run reports, independent of what it processes (`ConfigOverrides`).
public struct RunOptions: Sendable, Equatable {
    /// `-v`: progress lines on stderr.
    public var verbose: Bool
    /// `-q`: warnings suppressed.
    public var quiet: Bool
    /// `--werror`: warnings reported and counted as errors.
    public var warningsAsErrors: Bool
    /// Whether diagnostics are coloured (already decided from `--color`, see `ColorMode`).
    public var color: Bool
    /// `--print-inputs`: list the input files and stop before scanning.
    public var printInputs: Bool
    /// False for `--no-cache`: the incremental cache is neither read nor written.
    public var useCache: Bool

    public init(
        verbose: Bool = false, quiet: Bool = false, warningsAsErrors: Bool = false, color: Bool = false,
        printInputs: Bool = false, useCache: Bool = true
    ) {
        self.verbose = verbose
        self.quiet = quiet
        self.warningsAsErrors = warningsAsErrors
        self.color = color
        self.printInputs = printInputs
        self.useCache = useCache
    }

    /// The cache mode of a subcommand that may write the cache, after `--no-cache`.
    func cacheMode(writing: Bool) -> CacheMode {
        guard useCache else { return .disabled }
        return writing ? .readWrite : .readOnly
    }

    var reportOptions: DiagnosticReport.Options {
        DiagnosticReport.Options(color: color, quiet: quiet, warningsAsErrors: warningsAsErrors)
    }
}

/// What a run produced: the CLI prints `output` on stdout, `errorOutput` on stderr and exits with `status`.
public struct RunResult: Sendable {
    var diagnostics: [Diagnostic]
    public var status: ExitStatus
    /// Progress lines, each starting with `dibuild: `, in the order they happened (empty without `-v`).
    public var verboseLines: [String]
    /// The requested product for stdout (`--print-inputs`, `version`, …); empty for quiet successes.
    public var output: String
    let reportOptions: DiagnosticReport.Options
    /// The run's large intermediate state (caches, inventories). A process that exits right after the run
    /// keeps the result alive until then, because freeing ten thousand entries one by one costs more than
    /// a no-op build's own work.
    var retainedState: [any Sendable] = []

    init(
        diagnostics: [Diagnostic], verboseLines: [String], output: String, options: RunOptions,
        status: ExitStatus? = nil
    ) {
        self.diagnostics = diagnostics
        self.verboseLines = verboseLines
        self.output = output
        self.reportOptions = options.reportOptions
        self.status = status ?? (DiagnosticReport(diagnostics).fails(with: options.reportOptions) ? .failure : .success)
    }

    /// A usage error found after parsing (e.g. `--target` without a config file): exit 2.
    init(usageError message: String, options: RunOptions) {
        self.init(
            diagnostics: [.error("usage", message)], verboseLines: [], output: "", options: options, status: .usage)
    }

    /// Verbose lines, then the diagnostics sorted and rendered. Appended one by one: the generic `joined()`
    /// looked an associated type up through the runtime's scan of every conformance record, on every run.
    public var errorOutput: String {
        var text = ""
        for line in verboseLines {
            text += line
            text += "\n"
        }
        return text + DiagnosticReport(diagnostics).render(reportOptions)
    }
}
