import Foundation
import Testing

/// `dibuild graph --format html`, rendered by headless Chromium: the tests read the DOM the page's script
/// built (state comes from the URL fragment) and take screenshots.
@Suite struct GraphPageTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func exampleAppPageShowsEveryRegistrationAndHighlightsNeighbours() throws {
        guard HeadlessChromium.executable != nil else {
            print(HeadlessChromium.missingReason)
            return
        }
        let scratch = try ProjectDirectory(files: [:])
        let app = Self.repository + "/examples/app"
        let page = scratch.path + "/graph.html"
        let rendered = try DibuildProcess.run(["graph", "--format", "html", "-o", page], in: app)
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains(Self.repository))
        #expect(!html.contains("<link") && !html.contains("src="), "the page loads nothing")
        let again = try DibuildProcess.run(["graph", "--format", "html"], in: app)
        #expect(again.stdout == html)

        let ids = try Self.registrationIDs(in: app)
        let selected = try PageNodes(dom: HeadlessChromium.dumpDOM(of: page, fragment: "select=LibraryService"))
        #expect(selected.ids(with: "registration") == ids)
        #expect(selected.ids(with: "selected") == ["LibraryService"])
        #expect(selected.ids(with: "depends-on") == ["Asterix", "Dune#Novel", "Emma#Novel", "MemoryLogger#memory"])
        #expect(selected.ids(with: "dependent") == ["App"])
        #expect(selected.ids(with: "has-error").isEmpty)

        let searched = try PageNodes(dom: HeadlessChromium.dumpDOM(of: page, fragment: "search=logger"))
        #expect(searched.ids(with: "match") == ["ConsoleLogger#console", "MemoryLogger#memory"])
        #expect(
            searched.ids(with: "filtered-out") == ids.subtracting(["ConsoleLogger#console", "MemoryLogger#memory"]))

        let png = scratch.path + "/graph.png"
        try HeadlessChromium.screenshot(of: page, fragment: "select=LibraryService", to: png)
        try Self.expectPicture(png)
    }

    @Test func pageOfABrokenGraphMarksEachErrorOnItsNode() throws {
        guard HeadlessChromium.executable != nil else {
            print(HeadlessChromium.missingReason)
            return
        }
        let project = try ProjectDirectory(files: BrokenProject.files)
        let page = project.path + "/graph.html"
        let rendered = try DibuildProcess.run(["graph", "--format", "html", "-o", page], in: project.path)
        #expect(rendered.status == 1)
        let dom = try HeadlessChromium.dumpDOM(of: page, fragment: "select=Reporter")
        let nodes = try PageNodes(dom: dom)
        #expect(nodes.row("Reporter")?.problem == "missing")
        #expect(nodes.row("Repository")?.problem == "ambiguous")
        #expect(nodes.row("A")?.problem == "cycle")
        #expect(nodes.row("B")?.problem == "cycle")
        #expect(nodes.row("Screen")?.problem == "factory")
        #expect(nodes.row("Printer")?.problem == "missing")
        #expect(nodes.row("DiskStore")?.problem == nil)
        #expect(nodes.row("Panel")?.classes.contains("unregistered") == true)
        #expect(nodes.ids(with: "has-error") == ["A", "B", "Printer", "Reporter", "Repository", "Screen"])
        #expect(dom.contains("Sources/App.swift:10:49: error: no implementation of 'Missing'"))
        #expect(dom.contains("Sources/App.swift:5:51: error: ambiguous implementation of 'Store'"))
    }

    @Test func pageOfTwoThousandRegistrations() throws {
        guard HeadlessChromium.executable != nil else {
            print(HeadlessChromium.missingReason)
            return
        }
        let project = try ProjectDirectory(files: [:])
        let generated = try Shell.run(
            [
                "python3", Self.repository + "/bench/gen_project.py", project.path, "--files", "2000", "--di-fraction",
                "1",
                "--file-bytes", "0",
            ])
        #expect(generated.status == 0, "\(generated.output)")
        let page = project.path + "/graph.html"
        let rendered = try DibuildProcess.run(["graph", "--format", "html", "-o", page], in: project.path)
        #expect(rendered.status == 0)
        let graph = try Self.graphJSON(in: project.path)
        let ids = Set(graph.registrations)
        #expect(ids.count >= 2_000)

        let chosen = "Service1500"
        let dependsOn = Set(graph.dependencies.filter { $0.owner == chosen }.flatMap(\.candidates))
        let dependents = Set(graph.dependencies.filter { $0.candidates.contains(chosen) }.map(\.owner))
        #expect(!dependsOn.isEmpty)
        let nodes = try PageNodes(dom: HeadlessChromium.dumpDOM(of: page, fragment: "select=\(chosen)"))
        #expect(nodes.ids(with: "registration") == ids)
        #expect(nodes.ids(with: "selected") == [chosen])
        #expect(nodes.ids(with: "depends-on") == dependsOn)
        #expect(nodes.ids(with: "dependent") == dependents)

        let searched = try PageNodes(dom: HeadlessChromium.dumpDOM(of: page, fragment: "search=service123"))
        #expect(searched.ids(with: "match") == ids.filter { $0.lowercased().contains("service123") })

        let png = project.path + "/graph.png"
        try HeadlessChromium.screenshot(of: page, fragment: "select=\(chosen)", to: png)
        try Self.expectPicture(png)
    }

    /// A PNG of real content: the signature, and more bytes than a blank page compresses to.
    private static func expectPicture(_ path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(bytes.count > 20_000)
    }

    private struct GraphJSON {
        struct Edge {
            var owner: String
            var candidates: [String]
        }

        var registrations: [String]
        var dependencies: [Edge]
    }

    private static func graphJSON(in directory: String) throws -> GraphJSON {
        let outcome = try DibuildProcess.run(["graph", "--format", "json"], in: directory)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let registrations = (document?["registrations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let dependencies = (document?["dependencies"] as? [[String: Any]] ?? []).map { entry in
            GraphJSON.Edge(
                owner: entry["owner"] as? String ?? "", candidates: entry["candidates"] as? [String] ?? [])
        }
        return GraphJSON(registrations: registrations, dependencies: dependencies)
    }

    private static func registrationIDs(in directory: String) throws -> Set<String> {
        Set(try graphJSON(in: directory).registrations)
    }
}

/// A project with one of each link error: missing, ambiguous, cycle and factory misuse.
enum BrokenProject {
    static let files = [
        "deli.yml": "target:\n  - App\nconfig:\n  App:\n    include:\n      - Sources\n",
        "Sources/App.swift": """
        protocol Store {}
        final class DiskStore: Store, Component { init() {} }
        final class MemoryStore: Store, Component { init() {} }
        final class Cache: Component { init() {} }
        final class Repository: Autowired { required init(_ store: Store, _ cache: Cache) {} }
        final class A: Autowired { required init(_ b: B) {} }
        final class B: Autowired { required init(_ a: A) {} }
        final class ViewerPayload: Payload { required init(with argument: (id: String, note: String)) {} }
        final class Viewer: AutowiredFactory { required init(payload: ViewerPayload) {} }
        final class Reporter: Autowired { required init(_ missing: Missing) {} }
        final class Screen: Autowired { required init(_ viewer: Viewer) {} }
        final class Printer: Autowired { required init(memory store: Store) {} }
        struct Panel {
            @Dependency var cache: Cache
        }

        """,
    ]
}
