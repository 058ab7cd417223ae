import Testing

@testable import DIEngine

@Suite struct DiagnosticReportTests {
    @Test func sortsLocationLessFirstThenByPathLineColumn() {
        let report = DiagnosticReport([
            .error("L01", "b", at: SourceLocation(path: "b.swift", line: 1, column: 1)),
            .error("L01", "a2", at: SourceLocation(path: "a.swift", line: 2, column: 1)),
            .warning("I07", "nowhere"),
            .error("L01", "a1", at: SourceLocation(path: "a.swift", line: 1, column: 9)),
        ])
        #expect(report.sorted().map(\.message) == ["nowhere", "a1", "a2", "b"])
    }

    @Test func rendersCompilerFormatAndDeduplicates() {
        let d = Diagnostic.error(
            "L01", "no implementation of 'X'", at: SourceLocation(path: "A.swift", line: 3, column: 13),
            notes: [DiagnosticNote("declared here", at: SourceLocation(path: "B.swift", line: 1, column: 1))])
        let text = DiagnosticReport([d, d]).render(.init())
        #expect(text == "A.swift:3:13: error: no implementation of 'X'\nB.swift:1:1: note: declared here\n")
    }

    /// No report of fewer than two diagnostics builds the set that removes duplicates (its first use in a
    /// process costs the runtime a conformance scan); what `sorted()` returns is the same.
    @Test func sortsNoneAndOneAsTheyAre() {
        let warning = Diagnostic.warning("I07", "pattern 'x' matched no files")
        #expect(DiagnosticReport([]).sorted().isEmpty)
        #expect(DiagnosticReport([warning]).sorted() == [warning])
        #expect(DiagnosticReport([warning, warning]).sorted() == [warning])
    }

    @Test func quietDropsWarningsAndWerrorPromotesThem() {
        let report = DiagnosticReport([.warning("I07", "pattern 'x' matched no files")])
        #expect(report.render(.init(quiet: true)) == "")
        #expect(report.render(.init(warningsAsErrors: true)) == "error: pattern 'x' matched no files\n")
        #expect(!report.hasErrors)
        #expect(report.fails(with: .init(warningsAsErrors: true)))
    }
}
