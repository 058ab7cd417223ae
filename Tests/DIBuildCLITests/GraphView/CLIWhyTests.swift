import Foundation
import Testing

/// `dibuild why TYPE[:QUALIFIER]` on the example app and on each kind of link error.
@Suite struct CLIWhyTests {
    private static let app =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/examples/app"

    @Test func exampleAppTreeShowsEachRegistrationOnceWithCyclesAndLazyEdges() throws {
        let outcome = try DibuildProcess.run(["why", "App"], in: Self.app)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout == Self.appTree)
    }

    @Test func qualifiedQueryAndSupertypeQuery() throws {
        let memory = try DibuildProcess.run(["why", "MemoryLogger:memory"], in: Self.app)
        #expect(memory.status == 0)
        #expect(
            memory.stdout
                == "MemoryLogger(qualifier: \"memory\") — component, singleton, Sources/Core/MemoryLogger.swift:3:13\n")
        let logger = try DibuildProcess.run(["why", "Logger"], in: Self.app)
        #expect(logger.status == 0)
        #expect(
            logger.stdout == """
                'Logger' has no registration of its own; it is provided by:
                ConsoleLogger(qualifier: "console") — component, singleton, Sources/Core/ConsoleLogger.swift:3:13
                MemoryLogger(qualifier: "memory") — component, singleton, Sources/Core/MemoryLogger.swift:3:13

                """)
        let wrong = try DibuildProcess.run(["why", "MemoryLogger:disk"], in: Self.app)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.isEmpty)
        #expect(
            wrong.stderr
                == "error: 'MemoryLogger' has no registration with qualifier 'disk'; its qualifiers: 'memory'\n")
    }

    @Test func unknownTypeIsAnError() throws {
        let outcome = try DibuildProcess.run(["why", "Nowhere"], in: Self.app)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "error: unknown type 'Nowhere': target 'App' neither registers nor declares it\n")
        let declared = try DibuildProcess.run(["why", "FriendPayload"], in: Self.app)
        #expect(declared.status == 1)
        #expect(
            declared.stderr == "Sources/Users/FriendPayload.swift:3:13: error: 'FriendPayload' is declared here but "
                + "not registered and nothing registered provides it\n")
        let usage = try DibuildProcess.run(["why"], in: Self.app)
        #expect(usage.status == 2)
    }

    @Test func missingDependencyListsWhatWasConsidered() throws {
        let project = try ProjectDirectory(files: BrokenProject.files)
        let missing = try DibuildProcess.run(["why", "Reporter"], in: project.path)
        #expect(missing.status == 1)
        #expect(
            missing.stdout == """
                Reporter — autowired, singleton, Sources/App.swift:10:13
                └─ needs Missing — Sources/App.swift:10:49
                   └─ ✗ error: no implementation of 'Missing'

                """)
        let qualified = try DibuildProcess.run(["why", "Printer"], in: project.path)
        #expect(
            qualified.stdout == """
                Printer — autowired, singleton, Sources/App.swift:12:13
                └─ needs Store, qualifier 'memory' (argument label) — Sources/App.swift:12:48
                   ├─ ✗ error: no implementation of 'Store' with qualifier 'memory'
                   │  ├─ note: 'DiskStore' is registered without a qualifier here — Sources/App.swift:2:13
                   │  ├─ note: 'MemoryStore' is registered without a qualifier here — Sources/App.swift:3:13
                   │  └─ note: the argument label 'memory' is used as the qualifier — Sources/App.swift:12:48
                   ├─ rejected DiskStore (Sources/App.swift:2:13): has no qualifier, not 'memory'
                   └─ rejected MemoryStore (Sources/App.swift:3:13): has no qualifier, not 'memory'

                """)
    }

    @Test func typeThatIsNotRegisteredButHasDependencies() throws {
        let project = try ProjectDirectory(files: BrokenProject.files)
        let panel = try DibuildProcess.run(["why", "Panel"], in: project.path)
        #expect(
            panel.stdout == """
                Panel — not registered
                └─ needs Cache — Sources/App.swift:14:5
                   └─ Cache — component, singleton, Sources/App.swift:4:13

                """)
    }

    @Test func ambiguousCycleAndFactoryMisuse() throws {
        let project = try ProjectDirectory(files: BrokenProject.files)
        let ambiguous = try DibuildProcess.run(["why", "Repository"], in: project.path)
        #expect(
            ambiguous.stdout == """
                Repository — autowired, singleton, Sources/App.swift:5:13
                ├─ needs Store — Sources/App.swift:5:51
                │  ├─ DiskStore — component, singleton, Sources/App.swift:2:13
                │  ├─ MemoryStore — component, singleton, Sources/App.swift:3:13
                │  └─ ✗ error: ambiguous implementation of 'Store': 2 candidates; add a qualifier to choose one
                │     ├─ note: candidate 'DiskStore' registered here — Sources/App.swift:2:13
                │     └─ note: candidate 'MemoryStore' registered here — Sources/App.swift:3:13
                └─ needs Cache — Sources/App.swift:5:67
                   └─ Cache — component, singleton, Sources/App.swift:4:13

                """)
        let cycle = try DibuildProcess.run(["why", "A"], in: project.path)
        #expect(
            cycle.stdout == """
                A — autowired, singleton, Sources/App.swift:6:13
                └─ needs B — Sources/App.swift:6:42
                   └─ B — autowired, singleton, Sources/App.swift:7:13
                      └─ needs A — Sources/App.swift:7:42
                         └─ A — autowired, singleton, Sources/App.swift:6:13 ↺ cycle: A -> B -> A

                """)
        let factory = try DibuildProcess.run(["why", "Screen"], in: project.path)
        #expect(
            factory.stdout == """
                Screen — autowired, singleton, Sources/App.swift:11:13
                └─ needs Viewer — Sources/App.swift:11:47
                   ├─ ✗ error: factory 'Viewer' cannot be used as a plain dependency; use 'Inject(Viewer.self, with: ...)'
                   └─ rejected Viewer (Sources/App.swift:9:13): is a factory: request it with 'Inject(Viewer.self, with: ...)'

                """)
    }

    @Test func jsonForTools() throws {
        let project = try ProjectDirectory(files: BrokenProject.files)
        let outcome = try DibuildProcess.run(["why", "Repository", "--format", "json"], in: project.path)
        #expect(outcome.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(document?["format"] as? String == "dibuild-why-1")
        let root = (document?["roots"] as? [[String: Any]])?.first
        #expect(root?["id"] as? String == "Repository")
        let dependencies = root?["dependencies"] as? [[String: Any]] ?? []
        #expect(dependencies.map { $0["status"] as? String } == ["ambiguous", "satisfied"])
        let matches = (dependencies.first?["satisfiedBy"] as? [[String: Any]] ?? []).map { $0["id"] as? String }
        #expect(matches == ["DiskStore", "MemoryStore"])
    }

    /// Shared subtrees once ("see above"), the lazy cycle through `UserService`, the payload factory.
    private static let appTree = """
        App — autowired, singleton, Sources/App/App.swift:4:13
        ├─ needs LibraryService — Sources/App/App.swift:12:19
        │  └─ LibraryService — autowired, singleton, Sources/Books/LibraryService.swift:3:13
        │     ├─ needs [Book], qualifier 'Novel' (argument label) — Sources/Books/LibraryService.swift:9:19
        │     │  ├─ Dune(qualifier: "Novel") — component, singleton, Sources/Books/Novels/Dune.swift:3:13
        │     │  ├─ Emma(qualifier: "Novel") — component, singleton, Sources/Books/Novels/Emma.swift:3:13
        │     │  └─ rejected Asterix (Sources/Books/Comics/Asterix.swift:3:13): has no qualifier, not 'Novel'
        │     ├─ needs [Book] — Sources/Books/LibraryService.swift:9:41
        │     │  ├─ Asterix — component, singleton, Sources/Books/Comics/Asterix.swift:3:13
        │     │  ├─ Dune(qualifier: "Novel") — component, singleton, Sources/Books/Novels/Dune.swift:3:13 (see above)
        │     │  └─ Emma(qualifier: "Novel") — component, singleton, Sources/Books/Novels/Emma.swift:3:13 (see above)
        │     └─ needs Logger, qualifier from property 'logging.sink' = 'memory' — Sources/Books/LibraryService.swift:9:63
        │        ├─ MemoryLogger(qualifier: "memory") — component, singleton, Sources/Core/MemoryLogger.swift:3:13
        │        └─ rejected ConsoleLogger(qualifier: "console") (Sources/Core/ConsoleLogger.swift:3:13): has qualifier 'console', not 'memory'
        ├─ needs MessageService — Sources/App/App.swift:12:46
        │  └─ MessageService — autowired, singleton, Sources/Users/MessageService.swift:3:13
        │     ├─ needs UserService — Sources/Users/MessageService.swift:7:19
        │     │  └─ UserService — lazyAutowired, singleton, Sources/Users/UserService.swift:4:13
        │     │     └─ needs MessageService, lazy — Sources/Users/UserService.swift:9:17
        │     │        └─ MessageService — autowired, singleton, Sources/Users/MessageService.swift:3:13 ↺ cycle: MessageService -> UserService -> MessageService, broken by lazy injection
        │     └─ needs Clock — Sources/Users/MessageService.swift:7:41
        │        └─ FixedClock — component, singleton, Sources/Core/Clock.swift:8:8
        ├─ needs ServerConfig — Sources/App/App.swift:12:74
        │  └─ ServerConfig — configProperty, prototype, Sources/Config/ServerConfig.swift:3:8
        ├─ needs HTTPClient — Sources/App/App.swift:12:98
        │  └─ HTTPClient — config, singleton, Sources/Config/NetworkConfiguration.swift:4:18, registered by NetworkConfiguration.client
        │     └─ needs ServerConfig — Sources/Config/NetworkConfiguration.swift:4:42
        │        └─ ServerConfig — configProperty, prototype, Sources/Config/ServerConfig.swift:3:8 (see above)
        ├─ needs Clock — Sources/App/App.swift:10:5
        │  └─ FixedClock — component, singleton, Sources/Core/Clock.swift:8:8 (see above)
        └─ needs FriendInfoViewModel, lazy, payload — Sources/App/App.swift:20:9
           └─ FriendInfoViewModel — factory, prototype, Sources/Users/FriendInfoViewModel.swift:3:13
              └─ needs FriendService — Sources/Users/FriendInfoViewModel.swift:7:19
                 └─ FriendService — autowired, singleton, Sources/Users/FriendService.swift:3:13
                    └─ needs UserService — Sources/Users/FriendService.swift:6:19
                       └─ UserService — lazyAutowired, singleton, Sources/Users/UserService.swift:4:13 (see above)

        """
}
