import ArgumentParser
import DIEngine

/// `-o`, `--class-name`, `--access-control`: where the factory goes and how it is declared.
struct FactoryOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Factory output path.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Factory class name (overrides 'className').", valueName: "name"))
    var className: String?

    @Option(help: ArgumentHelp("Access level of the factory: public, package or internal.", valueName: "level"))
    var accessControl: String?

    func validate() throws {
        try requirePath(output, option: "--output")
    }

    /// What `build` and `generate` share: the engine's overrides and run options.
    func request(
        selection: ConfigSelectionOptions, inputs: InputOptions, scan: ScanOptions, output: OutputOptions
    ) -> (overrides: ConfigOverrides, options: RunOptions) {
        var overrides = selection.overrides
        inputs.apply(to: &overrides)
        overrides.output = self.output
        overrides.className = className
        overrides.accessControl = accessControl
        overrides.cacheDirectory = scan.cacheDir
        let options = output.runOptions(
            warningsAsErrors: inputs.werror, printInputs: scan.printInputs, useCache: !scan.noCache)
        return (overrides, options)
    }
}

struct Build: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Generate the factory (and depfile and Deli.resolved) for the selected targets.")

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var factory: FactoryOptions
    @OptionGroup var scan: ScanOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Write a Make/Ninja depfile here (overrides 'depfile').", valueName: "path"))
    var depfile: String?

    @Option(help: ArgumentHelp("Target of the depfile rule (default: the -o argument).", valueName: "string"))
    var depfileTarget: String?

    @Flag(help: "Add an empty rule per dependency to the depfile (GNU Make).")
    var depfilePhony = false

    @Flag(help: "Do not write Deli.resolved.")
    var noResolve = false

    func validate() throws {
        try requirePath(depfile, option: "--depfile")
    }

    func execute() -> RunResult {
        var (overrides, options) = factory.request(selection: selection, inputs: inputs, scan: scan, output: output)
        overrides.depfile = depfile
        overrides.depfileTarget = depfileTarget
        overrides.skipResolvedFile = noResolve
        return Engine.build(overrides, depfilePhony: depfilePhony, options: options)
    }

    /// `dibuild build` without options, the command line a build system runs on every build: the engine's
    /// defaults, as `execute` would pass them, without swift-argument-parser, whose parse (option groups'
    /// metadata looked up by reflection) is some 2 ms of a 30 ms no-op build.
    static func executeWithoutOptions() -> RunResult {
        let color = ColorChoice.auto.mode.isEnabled(
            stderrIsTerminal: Terminal.standardErrorIsTerminal, environment: Terminal.colorEnvironment)
        return Engine.build(ConfigOverrides(), depfilePhony: false, options: RunOptions(color: color))
    }
}

struct Generate: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the factory of the selected targets, or write it to -o if its bytes changed.")

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var factory: FactoryOptions
    @OptionGroup var scan: ScanOptions
    @OptionGroup var output: OutputOptions

    func execute() -> RunResult {
        let (overrides, options) = factory.request(selection: selection, inputs: inputs, scan: scan, output: output)
        return Engine.generate(overrides, options: options)
    }
}
