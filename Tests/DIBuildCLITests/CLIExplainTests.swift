import Testing

@testable import DIEngine

@Suite struct CLIExplainTests {
    @Test func explainPrintsTheEntryOfACode() throws {
        let outcome = try DibuildProcess.run(["explain", "S33"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout.hasPrefix("S33: several registration protocols (error, reported by the link stage)\n"))
        #expect(
            outcome.stdout.contains("error: '{type}' lists several registration protocols ({protocols}); choose one"))
        #expect(outcome.stdout.contains("note: '{protocol}' is listed here"))
        #expect(outcome.stdout.contains("Wrong:\n\n    final class Store: Component, Autowired {}\n"))
    }

    @Test func lowerCaseCodesAreAccepted() throws {
        let outcome = try DibuildProcess.run(["explain", "l07"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("L07: an array dependency nothing provides (warning,"))
    }

    @Test(arguments: [["explain", "S99"], ["explain"], ["explain", "S01", "--all"], ["explain", "--format", "html"]])
    func unknownOrMissingCodesAreUsageErrors(arguments: [String]) throws {
        let outcome = try DibuildProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: "))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func allInMarkdownIsTheDiagnosticsReference() throws {
        let outcome = try DibuildProcess.run(["explain", "--all", "--format", "markdown"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == DiagnosticExplanation.markdown(Diagnostics.entries))
        #expect(outcome.stdout.contains("| [S00](#s00) | error or warning | scan |"))
    }
}
