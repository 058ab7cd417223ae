import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// `Tests/Fixtures/Link/Positive`: a small project using every construct of `annotations.md`, which must
/// link and validate without a diagnostic and export the expected graph.
@Suite struct PositiveFixtureTests {
    static let directory = linkFixturesDirectory() + "/Positive"

    static func link() throws -> (graph: LinkedGraph, diagnostics: [Diagnostic]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/Sources")
            .filter { $0.hasSuffix(".swift") }.sorted()
        let files = try names.map { name -> (path: String, facts: FileFacts) in
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/Sources/" + name)))
            return ("Sources/" + name, Scanner.scan(bytes: bytes, runtimeModule: "DIRuntime"))
        }
        let (properties, propertyDiagnostics) = PropertyLoader.load(["Config/app.yml"], currentDirectory: directory)
        let (graph, diagnostics) = Linker.link(
            files: files, properties: properties, runtimeModule: "DIRuntime", exportLinks: true)
        return (graph, propertyDiagnostics + diagnostics + Validator.validate(graph))
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    }

    @Test func validatesClean() throws {
        let (_, diagnostics) = try Self.link()
        #expect(DiagnosticReport(diagnostics).render(.init()) == "")
    }

    @Test func exportsTheExpectedJSONGraph() throws {
        let (graph, _) = try Self.link()
        let json = GraphExport.render(graph, as: .json)
        if ProcessInfo.processInfo.environment["DIBUILD_PRINT_GRAPH"] == "1" { print(json) }
        #expect(json == (try Self.expected("graph.json")))
        // Foundation's parser agrees that it is JSON.
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    @Test func exportsTheExpectedDOTGraphWhichGraphvizAccepts() throws {
        let (graph, _) = try Self.link()
        let dot = GraphExport.render(graph, as: .dot)
        if ProcessInfo.processInfo.environment["DIBUILD_PRINT_GRAPH"] == "1" { print(dot) }
        #expect(dot == (try Self.expected("graph.dot")))
        let temporary = try TemporaryDirectory()
        let input = try temporary.write("graph.dot", dot)
        let dotRun = try ProcessRunner.run(
            "/usr/bin/env", ["dot", "-Tsvg", input, "-o", temporary.path + "/graph.svg"], mergingOutput: false)
        #expect(dotRun.status == 0, "dot: \(dotRun.stderr)")
        #expect(dotRun.stderr.isEmpty)
        let svg = try String(contentsOfFile: temporary.path + "/graph.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("HarryPotter"))
    }

    @Test func importsComeFromTheConfigurationFile() throws {
        let (graph, _) = try Self.link()
        #expect(
            graph.imports == [
                GeneratedImport(module: "Foundation"),
                GeneratedImport(module: "FoundationNetworking", condition: "canImport(FoundationNetworking)"),
            ])
    }
}
