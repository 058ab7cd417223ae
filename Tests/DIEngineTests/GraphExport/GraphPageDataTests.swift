import Testing

@testable import DIEngine

/// The HTML page's embedded data: text from the sources cannot end the script element, and the bytes
/// depend only on the graph and the diagnostics.
@Suite struct GraphPageDataTests {
    private static let hostile = "</script><script>alert(1)</script><!--"

    private static func graph() -> LinkedGraph {
        let location = SourceLocation(path: "Sources/A.swift", line: 1, column: 13)
        let dependency = Dependency(
            typeName: "Missing", qualifier: hostile, effectiveQualifier: hostile,
            owner: RegistrationID(typeName: "A", qualifier: ""), ownerTypeName: "A",
            location: SourceLocation(path: "Sources/A.swift", line: 2, column: 5))
        return LinkedGraph(registrations: [
            Registration(
                id: RegistrationID(typeName: "A", qualifier: hostile), kind: .autowired, scope: .singleton,
                location: location, dependencies: [dependency])
        ])
    }

    @Test func sourceTextCannotCloseTheScriptElement() {
        let problem = Diagnostic.error(
            "L01", "no implementation of 'Missing' with qualifier '\(Self.hostile)'",
            at: SourceLocation(path: "Sources/A.swift", line: 2, column: 5))
        let page = GraphExport.html(Self.graph(), diagnostics: [problem], title: "<App>")
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(!page.contains("<!--"))
        #expect(page.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
        #expect(page.contains("<title>dibuild graph — &lt;App&gt;</title>"))
        #expect(page.contains(#""problem":"missing","text":"Sources/A.swift:2:5: error: no implementation"#))
    }

    @Test func importedRegistrationsAreGroupedAsOtherModules() {
        var graph = Self.graph()
        graph.importedRegistrations = [
            Registration(
                id: RegistrationID(typeName: "Clock", qualifier: ""), kind: .imported, scope: .singleton,
                location: nil)
        ]
        let page = GraphExport.html(graph, diagnostics: [], title: "App")
        #expect(
            page.contains(
                #"{"id":"Clock","type":"Clock","qualifier":"","kind":"imported","scope":"singleton","location":"","#
                    + #""group":"other modules""#))
    }

    @Test func sameInputSameBytes() {
        let first = Diagnostic.warning("L07", "one", at: SourceLocation(path: "Sources/A.swift", line: 3, column: 1))
        let second = Diagnostic.error("L01", "two", at: SourceLocation(path: "Sources/A.swift", line: 2, column: 5))
        let forward = GraphExport.html(Self.graph(), diagnostics: [first, second], title: "App")
        let backward = GraphExport.html(Self.graph(), diagnostics: [second, first], title: "App")
        #expect(forward == backward)
    }
}
