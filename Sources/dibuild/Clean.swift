import ArgumentParser
import DIEngine

struct Clean: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Delete the incremental cache of the selected targets (never their outputs).")

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var output: OutputOptions

    @Option(
        help: ArgumentHelp("Incremental cache directory (default: .dibuild next to the config).", valueName: "path"))
    var cacheDir: String?

    func execute() -> RunResult {
        var overrides = selection.overrides
        overrides.cacheDirectory = cacheDir
        return Engine.clean(overrides, options: output.runOptions())
    }
}
