import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// Swift sources (and optionally property YAML) run through the real scanner, property loader, linker and
/// validator.
struct LinkFixture {
    var files: [(path: String, source: String)]
    var properties: String?
    var exportLinks = false
    var imported: [ResolvedModule] = []

    init(_ files: [(path: String, source: String)], properties: String? = nil) {
        self.files = files
        self.properties = properties
    }

    /// One file named `App.swift`.
    init(_ source: String, properties: String? = nil) {
        self.init([("App.swift", source)], properties: properties)
    }

    func run() throws -> LinkRun {
        var tree = PropertyNode.emptyMapping
        var propertyDiagnostics: [Diagnostic] = []
        if let properties {
            let directory = try TemporaryDirectory()
            try directory.write("app.yml", properties)
            (tree, propertyDiagnostics) = PropertyLoader.load(["app.yml"], currentDirectory: directory.path)
        }
        let facts = files.map { file in
            (
                path: file.path,
                facts: Scanner.scan(bytes: Array(file.source.utf8), runtimeModule: "DIRuntime")
            )
        }
        let (graph, linkDiagnostics) = Linker.link(
            files: facts, properties: tree, importedModules: imported, runtimeModule: "DIRuntime",
            exportLinks: exportLinks)
        return LinkRun(graph: graph, diagnostics: propertyDiagnostics + linkDiagnostics + Validator.validate(graph))
    }
}

struct LinkRun {
    let graph: LinkedGraph
    let diagnostics: [Diagnostic]

    /// The diagnostics as `dibuild` prints them (sorted, notes attached).
    var rendered: String { DiagnosticReport(diagnostics).render(.init()) }

    var codes: [String] { DiagnosticReport(diagnostics).sorted().map(\.code) }

    func registration(_ id: String) -> Registration? {
        graph.registrations.first { $0.id.description == id }
    }

    /// `id: link, link` per registration, in generation order.
    var links: [String] {
        graph.registrations.map { "\($0.id): " + $0.links.joined(separator: ", ") }
    }
}

/// The directory of the link fixtures (`Tests/Fixtures/Link`).
func linkFixturesDirectory(filePath: String = #filePath) -> String {
    var components = filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // …/Tests/DIEngineTests/Link/LinkTestSupport.swift → …/Tests
    components.removeLast(3)
    return components.joined(separator: "/") + "/Fixtures/Link"
}
