import ArgumentParser
import DIEngine

struct Graph: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the linked dependency graph as Graphviz DOT, JSON or a self-contained HTML page.")

    @OptionGroup var selection: ConfigSelectionOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: dot, json or html.")
    var format: GraphFormatChoice = .dot

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp("Write the graph to this file instead of stdout.", valueName: "path"))
    var outputFile: String?

    func validate() throws {
        try requirePath(outputFile, option: "--output")
    }

    func execute() -> RunResult {
        var overrides = selection.overrides
        inputs.apply(to: &overrides)
        let options = output.runOptions(warningsAsErrors: inputs.werror)
        return Engine.graph(overrides, format: format.format, outputPath: outputFile, options: options)
    }
}

enum GraphFormatChoice: String, CaseIterable, ExpressibleByArgument {
    case dot, json, html

    var format: GraphExport.Format {
        switch self {
        case .dot: .dot
        case .json: .json
        case .html: .html
        }
    }
}
