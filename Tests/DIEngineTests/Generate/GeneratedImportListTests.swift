import Testing

@testable import DIEngine

/// The import list and the paths are built without generic helpers that cost a conformance scan; these pin
/// what they answer.
@Suite struct GeneratedImportListTests {
    @Test func mergeKeepsEachModuleOncePerConditionUnconditionalFirst() {
        let merged = GeneratedImportList.merge([
            GeneratedImport(module: "Zeta", condition: "DEBUG"),
            GeneratedImport(module: "Alpha"),
            GeneratedImport(module: "Beta", condition: "os(Linux)"),
            GeneratedImport(module: "Alpha", testable: true, condition: "DEBUG"),
            GeneratedImport(module: "Zeta", condition: "DEBUG"),
            GeneratedImport(module: "Beta", condition: "os(Linux)"),
            GeneratedImport(module: "Gamma"),
            GeneratedImport(module: "Gamma"),
        ])
        #expect(
            merged == [
                GeneratedImport(module: "Alpha", testable: true), GeneratedImport(module: "Gamma"),
                GeneratedImport(module: "Zeta", condition: "DEBUG"),
                GeneratedImport(module: "Beta", condition: "os(Linux)"),
            ])
    }

    @Test func absolutePathsResolveDotsLexically() {
        #expect(LexicalPath.absolute("a/./b/../c", currentDirectory: "/w") == "/w/a/c")
        #expect(LexicalPath.absolute("/x//y/", currentDirectory: "/w") == "/x/y")
        #expect(LexicalPath.absolute("../../..", currentDirectory: "/w") == "/")
        #expect(LexicalPath.absolute(".", currentDirectory: "/") == "/")
    }

    @Test func templateSlotsFillOnceEach() {
        let message = DiagnosticMessage(.i01, "{a} and {b} then {a}")
        #expect(message.text(["x", "y"]) == "x and y then x")
        #expect(message.text(["{b}", "z"]) == "{b} and z then {b}")
    }
}
