import Foundation
import Testing

/// `dibuild validate` through link and validation, and `dibuild graph`, run as a subprocess.
@Suite struct CLIGraphTests {
    private static let config = """
        target:
          - App
        config:
          App:
            include:
              - Sources
            properties:
              - Config/app.yml
            dependencies:
              - path: Core
                imports: Core

        """

    private static let files = [
        "deli.yml": config,
        "Config/app.yml": "server:\n  port: 8080\n",
        "Core/Deli.resolved": """
        DEPENDENCY:
        - TYPE: Clock
          QUALIFIER: ""
          LINK:
          - ClockProtocol
        PROPERTY: {}
        PROJECT: Core
        REFERENCE: CoreFactory.swift

        """,
        "Sources/App.swift": """
        protocol ClockProtocol {}
        final class Service: Component { init() {} }
        final class Screen: Autowired {
            required init(_ service: Service, _ clock: ClockProtocol) {}
        }
        struct Server: ConfigProperty {
            let target = "server"
            let port: Int
        }

        """,
    ]

    @Test func validateLinksSourcesAgainstResolvedFilesAndPropertiesSilently() throws {
        let project = try ProjectDirectory(files: Self.files)
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func validateReportsLinkCycleAndPropertyErrors() throws {
        var files = Self.files
        files["Sources/Broken.swift"] = """
            final class A: Autowired { required init(_ b: B, _ missing: Missing) {} }
            final class B: Autowired { required init(_ a: A) {} }
            final class Reader: Inject {
                let url = InjectProperty("server.url")
                init() {}
            }

            """
        let project = try ProjectDirectory(files: files)
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                Sources/Broken.swift:1:13: error: circular dependency: A -> B -> A
                Sources/Broken.swift:1:42: note: 'A' depends on 'B' here
                Sources/Broken.swift:2:42: note: 'B' depends on 'A' here
                Sources/Broken.swift:1:50: error: no implementation of 'Missing'
                Sources/Broken.swift:4:30: error: property 'server.url' not found

                """)
    }

    @Test func graphPrintsDotOnStdoutAndWritesJSONWithOutput() throws {
        let project = try ProjectDirectory(files: Self.files)
        let dot = try DibuildProcess.run(["graph"], in: project.path)
        #expect(dot.status == 0)
        #expect(dot.stderr.isEmpty)
        #expect(
            dot.stdout == """
                digraph dibuild {
                    "Clock" [label="Clock"];
                    "Screen" [label="Screen"];
                    "Server" [label="Server"];
                    "Service" [label="Service"];
                    "Screen" -> "Clock";
                    "Screen" -> "Service";
                }

                """)

        let json = try DibuildProcess.run(["graph", "--format", "json", "-o", "Build/graph.json"], in: project.path)
        #expect(json.status == 0)
        #expect(json.stdout.isEmpty)
        let written = try String(contentsOfFile: project.path + "/Build/graph.json", encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"format\": \"dibuild-graph-1\",\n  \"registrations\": [\n"))
        #expect(written.contains("\"kind\": \"imported\""))
    }

    @Test func graphIsPrintedDespiteLinkErrorsButExitsWithOne() throws {
        var files = Self.files
        files["Sources/Broken.swift"] = "final class A: Autowired { required init(_ a: A) {} }\n"
        let project = try ProjectDirectory(files: files)
        let outcome = try DibuildProcess.run(["graph"], in: project.path)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("    \"A\" -> \"A\";\n"))
        #expect(outcome.stderr.hasPrefix("Sources/Broken.swift:1:13: error: circular dependency: A -> A\n"))
    }

    @Test func graphOutputProblems() throws {
        let project = try ProjectDirectory(files: Self.files)
        let directory = try DibuildProcess.run(["graph", "-o", "Sources"], in: project.path)
        #expect(directory.status == 74)
        #expect(directory.stderr == "error: output path 'Sources' is a directory\n")
        let format = try DibuildProcess.run(["graph", "--format", "svg"], in: project.path)
        #expect(format.status == 2)
    }

    @Test func sourcesThatAreNotUTF8AreReported() throws {
        let project = try ProjectDirectory(files: Self.files)
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A])
            .write(to: URL(fileURLWithPath: project.path + "/Sources/Bad.swift"))
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: 'Sources/Bad.swift' is not valid UTF-8\n")
    }
}
