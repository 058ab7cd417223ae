import ArgumentParser
import DIEngine

/// `-v`, `-q`, `--color`: accepted by every subcommand.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print progress lines on stderr.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Suppress warnings.")
    var quiet = false

    @Option(help: "Colour diagnostics: auto, always or never.")
    var color: ColorChoice = .auto

    func validate() throws {
        if verbose && quiet {
            throw ValidationError("'--quiet' and '--verbose' cannot be used together")
        }
    }
}

enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    var mode: ColorMode {
        switch self {
        case .auto: .auto
        case .always: .always
        case .never: .never
        }
    }
}

/// `--config`, `--target`: every subcommand but `version`.
struct ConfigSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Config file (default: deli.yml in the current directory, if any).", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("Process only this target (repeatable).", valueName: "name"))
    var target: [String] = []

    func validate() throws {
        try requirePath(config, option: "--config")
    }
}

/// Inputs and strictness shared by `build`, `validate`, `generate` and `graph`.
struct InputOptions: ParsableArguments {
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Property files or globs, applied after the config's (repeatable).", valueName: "path"))
    var property: [String] = []

    @Option(help: ArgumentHelp("Source file, directory or glob appended to 'include' (repeatable).", valueName: "path"))
    var include: [String] = []

    @Option(help: ArgumentHelp("Path or glob appended to 'exclude' (repeatable).", valueName: "path"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Module imported by the generated file.", valueName: "name"))
    var runtimeModule: String?

    @Flag(help: "Report warnings as errors.")
    var werror = false
}

/// Cache and input listing shared by `build`, `validate` and `generate`.
struct ScanOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Incremental cache directory (default: .dibuild next to the config).", valueName: "path"))
    var cacheDir: String?

    @Flag(help: "Neither read nor write the cache.")
    var noCache = false

    @Flag(help: "Print every input file, one per line, and stop before scanning.")
    var printInputs = false

    func validate() throws {
        if noCache && cacheDir != nil {
            throw ValidationError("'--no-cache' and '--cache-dir' cannot be used together")
        }
        try requirePath(cacheDir, option: "--cache-dir")
    }
}

/// An empty path names no file: `-o ''` must not fall back to a default name in the current directory.
func requirePath(_ path: String?, option: String) throws {
    if path?.isEmpty == true { throw ValidationError("'\(option)' needs a path, not an empty string") }
}

extension OutputOptions {
    func runOptions(warningsAsErrors: Bool = false, printInputs: Bool = false, useCache: Bool = true) -> RunOptions {
        RunOptions(
            verbose: verbose, quiet: quiet, warningsAsErrors: warningsAsErrors,
            color: color.mode.isEnabled(
                stderrIsTerminal: Terminal.standardErrorIsTerminal, environment: Terminal.colorEnvironment),
            printInputs: printInputs, useCache: useCache)
    }
}

extension ConfigSelectionOptions {
    var overrides: ConfigOverrides {
        var overrides = ConfigOverrides(configPath: config)
        overrides.targets = target
        return overrides
    }
}

extension InputOptions {
    func apply(to overrides: inout ConfigOverrides) {
        overrides.properties += property
        overrides.include += include
        overrides.exclude += exclude
        overrides.runtimeModule = runtimeModule ?? overrides.runtimeModule
    }
}
