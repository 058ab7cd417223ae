import ArgumentParser
import DIEngine

struct Why: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Explain which registrations satisfy a type's dependencies, recursively, and why any cannot.")

    @Argument(help: ArgumentHelp("The type to explain, optionally with a qualifier.", valueName: "type[:qualifier]"))
    var query: String

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: text or json.")
    var format: ExplanationFormatChoice = .text

    func execute() -> RunResult {
        var overrides = selection.overrides
        inputs.apply(to: &overrides)
        let options = output.runOptions(warningsAsErrors: inputs.werror)
        return Engine.why(overrides, query: query, format: format.format, options: options)
    }
}

enum ExplanationFormatChoice: String, CaseIterable, ExpressibleByArgument {
    case text, json

    var format: Engine.ExplanationFormat {
        switch self {
        case .text: .text
        case .json: .json
        }
    }
}
