import ArgumentParser
import DIEngine

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code (such as S31): why the check exists, with a wrong and a right example.")

    @Argument(help: ArgumentHelp("The diagnostic code.", valueName: "code"))
    var code: String?

    @Flag(help: "Explain every code.")
    var all = false

    @Option(help: "Output format: text or markdown (the markdown of docs/diagnostics.md).")
    var format: DiagnosticFormatChoice = .text

    func validate() throws {
        if all {
            guard code == nil else { throw ValidationError("give a code or '--all', not both") }
            return
        }
        guard let code else { throw ValidationError("missing diagnostic code (such as 'S31'), or '--all'") }
        guard Diagnostics.entry(code) != nil else { throw ValidationError("unknown diagnostic code '\(code)'") }
    }

    func run() throws {
        let entries = all ? Diagnostics.entries : code.flatMap(Diagnostics.entry).map { [$0] } ?? []
        let text =
            switch format {
            case .text: DiagnosticExplanation.text(entries)
            case .markdown: DiagnosticExplanation.markdown(entries)
            }
        guard Terminal.writeOutput(text) else { throw ExitCode(ExitStatus.ioError.rawValue) }
    }
}

enum DiagnosticFormatChoice: String, CaseIterable, ExpressibleByArgument {
    case text, markdown
}
