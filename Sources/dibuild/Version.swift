import ArgumentParser
import DIEngine

struct Version: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version; with -v also the scanner schema and library versions.")

    @OptionGroup var output: OutputOptions

    func execute() -> RunResult {
        Engine.version(options: output.runOptions())
    }
}
