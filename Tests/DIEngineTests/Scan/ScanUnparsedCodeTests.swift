import Testing

@testable import DIEngine

/// The syntax-error rule: code swift-syntax does not understand is a warning unless it touches DI code.
@Suite struct ScanUnparsedCodeTests {
    @Test func realCodeTheParserLagsOnIsAWarning() throws {
        let facts = try ScanFixture.scan("UniqueBox.swift")
        #expect(facts.diagnostics.count == 1)
        let diagnostic = try #require(facts.diagnostics.first)
        #expect(diagnostic.code == "S00")
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.position.line == 22)
        #expect(diagnostic.message.contains("did not understand this code (unexpected code '@_transparent"))
        #expect(diagnostic.message.hasSuffix("facts were taken from the code around it"))
        #expect(facts.type("UniqueBox") != nil)
        #expect(facts.extensions(of: "UniqueBox").count == 1)
    }

    @Test func theSameCodeInsideADIDeclarationIsAnError() throws {
        let facts = try ScanFixture.scan("UniqueBoxComponent.swift")
        let diagnostic = try #require(facts.diagnostics.first)
        #expect(facts.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("inside the DI declaration 'BoxedService'"))
        #expect(diagnostic.message.hasSuffix("the generated factory could be wrong"))
        #expect(facts.type("BoxedService")?.injectCalls.map(\.type.name) == ["Other"])
    }

    @Test func insideADICallIsAnError() throws {
        let facts = ScanFixture.scan(source: "struct Plain {\n    let a = Inject(A.self, qualifier: @@ \"x\")\n}\n")
        let diagnostic = try #require(facts.diagnostics.first { $0.code == "S00" })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("inside the DI call 'Inject(...)'"))
    }

    @Test func insideAScopeOrQualifierMemberIsAnError() throws {
        for member in ["scope", "qualifier"] {
            let facts = ScanFixture.scan(source: "struct Plain {\n    var \(member): Int { @@ borrow { 1 } }\n}\n")
            let diagnostic = try #require(facts.diagnostics.first, "\(member)")
            #expect(diagnostic.severity == .error, "\(member)")
            #expect(diagnostic.message.contains("inside the '\(member)' member"), "\(member)")
        }
    }

    @Test func unrelatedCodeElsewhereStaysAWarning() throws {
        let source = """
            final class Service: Component {
                let other = Inject(Other.self)
            }
            struct Helper {
                var value: Int { @@ borrow { 1 } }
            }
            """
        let facts = ScanFixture.scan(source: source)
        #expect(facts.diagnostics.map(\.severity) == [.warning])
        #expect(facts.diagnostics.first?.position.line == 5)
        #expect(facts.type("Service")?.injectCalls.count == 1)
        #expect(facts.type("Service")?.hasScanErrors == false)
    }

    @Test func onlyOneDiagnosticPerFileAndTheErrorWins() throws {
        let source = "struct A { var v: Int { @@ borrow { 1 } } }\nclass B: Component { let x = Inject(@@) }\n"
        let facts = ScanFixture.scan(source: source)
        let unparsed = facts.diagnostics.filter { $0.code == "S00" }
        #expect(unparsed.map(\.severity) == [.error])
        #expect(unparsed.first?.position.line == 2)
    }
}
