import Foundation
import Testing

@testable import DIEngine

@Suite struct DiagnosticCatalogueTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyCodeHasOneEntryAndAReportedMessage() {
        let codes = Diagnostics.entries.map(\.code)
        #expect(codes == DiagnosticCode.allCases)
        for entry in Diagnostics.entries {
            #expect(entry.messages.contains { $0.severity != .note }, "\(entry.code)")
            #expect(!entry.explanation.isEmpty && !entry.wrong.isEmpty && !entry.right.isEmpty, "\(entry.code)")
            #expect(entry.wrong != entry.right, "\(entry.code)")
        }
    }

    @Test func noMessageIsWrittenTwice() {
        let templates = Diagnostics.messages.map { "\($0.code) \($0.severity) \($0.template)" }
        #expect(Set(templates).count == templates.count)
    }

    @Test func slotsAreFilledInOrderAndARepeatedNameOnce() {
        #expect(
            DiagnosticMessage.protocolRegistration.text(["Store", "Component"])
                == "protocol 'Store' cannot be registered; make a class or struct conform to 'Component'")
        #expect(DiagnosticMessage.noArgumentlessInitializer.slots == ["type"])
        #expect(
            DiagnosticMessage.noArgumentlessInitializer.text(["A"])
                == "'A' cannot be created with 'A()': none of its initializers can be called without arguments")
        // A value that looks like a slot is not filled again.
        #expect(DiagnosticMessage.cannotRead.text(["{reason}", "denied"]) == "cannot read '{reason}': denied")
    }

    @Test func aDiagnosticTakesCodeSeverityAndTextFromTheCatalogue() {
        let location = SourceLocation(path: "a.swift", line: 3, column: 7)
        let diagnostic = Diagnostic(.emptyArray, "Plugin", at: location)
        #expect(diagnostic.code == "L07")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message == "no implementation of 'Plugin' is registered; '[Plugin]' will be empty")
        #expect(diagnostic.location == location)
    }

    @Test func entriesAreFoundByCodeInAnyCase() {
        #expect(Diagnostics.entry("s31")?.code == .s31)
        #expect(Diagnostics.entry("S99") == nil)
        #expect(Diagnostics.entry("") == nil)
    }

    @Test func explanationShowsMessagesAndBothSnippets() throws {
        let text = DiagnosticExplanation.text(try #require(Diagnostics.entry("S31")))
        #expect(text.hasPrefix("S31: a protocol lists a registration protocol (error, reported by the link stage)\n"))
        #expect(text.contains("    error: protocol '{type}' cannot be registered"))
        #expect(text.contains("Wrong:\n\n    protocol Store: Component {}\n"))
        #expect(text.contains("Right:\n\n    protocol Store {}\n    final class DiskStore: Store, Component {}\n"))
    }

    /// `docs/diagnostics.md` is generated; regenerate it with `make docs` when the catalogue changes.
    @Test func committedReferenceMatchesTheCatalogue() throws {
        let committed = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let generated = DiagnosticExplanation.markdown(Diagnostics.entries)
        #expect(committed == generated, "docs/diagnostics.md is out of date: run 'make docs'")
        for code in DiagnosticCode.allCases { #expect(committed.contains("\n## \(code.rawValue)\n")) }
    }
}
