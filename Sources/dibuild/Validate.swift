import ArgumentParser
import DIEngine

struct Validate: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the configuration, sources and properties without writing outputs.")

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var scan: ScanOptions
    @OptionGroup var output: OutputOptions

    func execute() -> RunResult {
        var overrides = selection.overrides
        inputs.apply(to: &overrides)
        overrides.cacheDirectory = scan.cacheDir
        let options = output.runOptions(
            warningsAsErrors: inputs.werror, printInputs: scan.printInputs, useCache: !scan.noCache)
        return Engine.validate(overrides, options: options)
    }
}
