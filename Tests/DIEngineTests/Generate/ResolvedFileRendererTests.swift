import Testing

@testable import DIEngine

@Suite struct ResolvedFileRendererTests {
    @Test func specSectionEightExampleIsByteIdentical() throws {
        // The §8 example lists HarryPotter and LibraryService only; the equivalent graph is the §1 module
        // with export links and without ServerConfig.
        let graph = SampleGraphs.specExample(exportLinks: true, includeServerConfig: false)
        let text = ResolvedFileRenderer.render(graph, project: "App", reference: "AppFactory.swift")
        try GoldenFile.check(text, against: "SpecExampleResolved.golden")
    }

    @Test func kitchenSinkResolvedFile() throws {
        let text = ResolvedFileRenderer.render(
            SampleGraphs.kitchenSink(), project: "Kitchen Sink", reference: "Sources/Generated/")
        try GoldenFile.check(text, against: "KitchenSinkResolved.golden")
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
        #expect(!text.split(separator: "\n").contains { $0.last == " " })
    }

    @Test func emptyGraphUsesFlowStyleEmptyCollections() {
        let text = ResolvedFileRenderer.render(LinkedGraph(), project: "true", reference: "F.swift")
        #expect(
            text == """
                VERSION: 0.9.0
                FORMAT: dibuild-1
                DEPENDENCY: []
                PROPERTY: {}
                PROJECT: "true"
                REFERENCE: F.swift

                """)
    }

    @Test func scalarsThatAReaderWouldNotReadBackAsTheSameStringAreQuoted() {
        let cases: [(String, String)] = [
            ("Novel", "Novel"), ("Outer.Inner", "Outer.Inner"), ("", "\"\""), ("yes", "\"yes\""), ("Null", "\"Null\""),
            ("8080", "\"8080\""), ("-x", "\"-x\""), ("a b", "\"a b\""), ("a: b", "\"a: b\""), ("#c", "\"#c\""),
            ("q\"\\\n\u{7}\u{85}", "\"q\\\"\\\\\\n\\a\\N\""), ("Fábrica", "\"Fábrica\""),
            ("_a", "_a"), ("/p/q", "/p/q"), ("$x", "$x"), ("a.b-c_d/e$f", "a.b-c_d/e$f"), (".x", "\".x\""),
            ("ON", "\"ON\""), ("Feature049.Service04999Implementation", "Feature049.Service04999Implementation"),
            ("Feature049.Service04999 Implementation", "\"Feature049.Service04999 Implementation\""),
        ]
        for (input, expected) in cases {
            #expect(YAMLScalarText.string(input) == expected, "\(input)")
            // Written into a line, the scalar is spelled the same.
            var writer = CodeWriter()
            ResolvedFileRenderer.appendLine("K: ", input, to: &writer)
            #expect(writer.text == "K: " + expected + "\n", "\(input)")
        }
    }
}
