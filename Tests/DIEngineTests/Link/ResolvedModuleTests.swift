import TestSupport
import Testing

@testable import DIEngine

/// Reading other modules' `Deli.resolved` files (`codegen.md` §8) and matching their registrations.
@Suite struct ResolvedModuleTests {
    static let coreFile = """
        VERSION: 0.9.0
        FORMAT: dibuild-1
        DEPENDENCY:
        - TYPE: ChatViewModel
          QUALIFIER: ""
          LAZILY: true
          FACTORY: true
          VALUE_TYPE: false
          DEPENDENCY: []
          LINK: []
        - TYPE: Core.Network
          QUALIFIER: main
          LAZILY: false
          FACTORY: false
          VALUE_TYPE: true
          DEPENDENCY:
          - TYPE: Clock
            QUALIFIER: ""
          - TYPE: Plugin
            QUALIFIER: x
            QUALIFIER_BY: plugin.kind
            ARRAY: true
            PAYLOAD: true
          LINK:
          - NetworkProtocol
        PROPERTY:
          server:
            url: "http://x"
        PROJECT: Core
        REFERENCE: CoreFactory.swift

        """

    @Test func readsEveryFieldOfAResolvedFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Core/Deli.resolved", Self.coreFile)
        let (module, diagnostics) = ResolvedFileReader.read(
            path: "Core", imports: ["Core"], currentDirectory: directory.path)
        #expect(diagnostics.isEmpty)
        let core = try #require(module)
        #expect(core.path == "Core/Deli.resolved")
        #expect(core.project == "Core")
        #expect(core.reference == "CoreFactory.swift")
        #expect(core.imports == ["Core"])
        #expect(core.registrations.map(\.id.description) == ["ChatViewModel", "Core.Network#main"])
        #expect(core.registrations.map(\.isFactory) == [true, false])
        #expect(core.registrations.map(\.importedIsLazy) == [true, false])
        #expect(core.registrations.map(\.isValueType) == [false, true])
        #expect(core.registrations[1].links == ["NetworkProtocol"])
        let plugin = try #require(core.registrations[1].dependencies.last)
        #expect(plugin.typeName == "Plugin")
        #expect(plugin.qualifierBy == "plugin.kind")
        #expect(plugin.isArray && plugin.isPayload)
        #expect(plugin.location == SourceLocation(path: "Core/Deli.resolved", line: 19, column: 5))
    }

    @Test func readsAFileWrittenByDeli() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "Deli.resolved",
            "DEPENDENCY:\n- TYPE: Service\n  DEPENDENCY:\n  - TYPE: Clock\n  LINK:\n  - ServiceProtocol\nPROPERTY: {}\nPROJECT: Old\nREFERENCE: DeliFactory.swift\n"
        )
        let (module, diagnostics) = ResolvedFileReader.read(path: directory.path + "/Deli.resolved")
        #expect(diagnostics.isEmpty)
        #expect(module?.registrations.map(\.id) == [RegistrationID(typeName: "Service", qualifier: "")])
        #expect(module?.registrations.first?.dependencies.map(\.typeName) == ["Clock"])
    }

    @Test func i14ForMalformedFiles() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, String)] = [
            (
                "DEPENDENCY: []\nPROPERTY: {}\nPROJECT: X\n",
                "Deli.resolved:1:1: error: invalid resolved file 'Deli.resolved': missing key 'REFERENCE'\n"
            ),
            (
                "DEPENDENCY:\n- TYPE: A\n  FACTORY: maybe\nPROPERTY: {}\nPROJECT: X\nREFERENCE: F.swift\n",
                "Deli.resolved:3:12: error: invalid resolved file 'Deli.resolved': 'FACTORY' must be true or false\n"
            ),
            (
                "DEPENDENCY: {}\nPROPERTY: {}\nPROJECT: X\nREFERENCE: F.swift\n",
                "Deli.resolved:1:13: error: invalid resolved file 'Deli.resolved': 'DEPENDENCY' must be a list\n"
            ),
            (
                "DEPENDENCY:\n- QUALIFIER: a\nPROPERTY: {}\nPROJECT: X\nREFERENCE: F.swift\n",
                "Deli.resolved:2:3: error: invalid resolved file 'Deli.resolved': missing key 'TYPE'\n"
            ),
            (
                "- a\n",
                "Deli.resolved:1:1: error: invalid resolved file 'Deli.resolved': the top level must be a mapping\n"
            ),
            (
                "DEPENDENCY: [\n",
                "Deli.resolved:2:1: error: invalid resolved file 'Deli.resolved': did not find expected node content\n"
            ),
        ]
        for (text, expected) in cases {
            try directory.write("Deli.resolved", text)
            let (module, diagnostics) = ResolvedFileReader.read(path: "Deli.resolved", currentDirectory: directory.path)
            #expect(module == nil)
            #expect(DiagnosticReport(diagnostics).render(.init()) == expected)
        }
    }

    @Test func importedRegistrationsAreCandidatesThroughTypeAndLinks() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Deli.resolved", Self.coreFile)
        let core = try #require(
            ResolvedFileReader.read(path: "Deli.resolved", imports: ["Core"], currentDirectory: directory.path).module)
        var fixture = LinkFixture(
            """
            protocol NetworkProtocol {}
            final class LocalNetwork: NetworkProtocol, Component {
                var qualifier: String? { "local" }
                init() {}
            }
            final class Screen: Autowired {
                let chat = Inject(ChatViewModel.self, with: 1)
                required init(main network: NetworkProtocol, _ all: [NetworkProtocol], main exact: Core.Network) {}
            }
            """
        )
        fixture.imported = [core]
        let run = try fixture.run()
        #expect(run.rendered == "")
        let arguments = try #require(run.registration("Screen")?.constructorArguments.map(\.dependency))
        #expect(
            arguments.map(\.candidates.description) == [
                "[Core.Network#main]", "[Core.Network#main, LocalNetwork#local]", "[Core.Network#main]",
            ])
        #expect(arguments.map(\.hasImportedCandidate) == [true, true, true])
        #expect(arguments.map(\.isExactMatch) == [false, false, true])
        #expect(run.links == ["LocalNetwork#local: NetworkProtocol", "Screen: "])
        #expect(run.graph.imports == [GeneratedImport(module: "Core")])
        #expect(run.graph.importedRegistrations.count == 2)
    }
}
