import Testing

@testable import DIEngine

/// `L01`–`L07` (`diagnostics.md` §4): exact message, location and notes.
@Suite struct LinkCheckTests {
    @Test func l01WithLabelQualifierAndOtherQualifiers() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class Console: Logger, Component {
                var qualifier: String? { "console" }
                init() {}
            }
            final class Plain: Logger, Component { init() {} }
            final class Audit: Autowired {
                required init(file logger: Logger) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:8:19: error: no implementation of 'Logger' with qualifier 'file'
                App.swift:2:13: note: 'Console' is registered with qualifier 'console' here
                App.swift:6:13: note: 'Plain' is registered without a qualifier here
                App.swift:8:19: note: the argument label 'file' is used as the qualifier

                """)
    }

    @Test func l01ForAnUnknownTypeAndForAQualifierFromAProperty() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class Audit: Inject {
                let clock = Inject(Clock.self)
                let logger = Inject(Logger.self, qualifierBy: "log.kind")
                init() {}
            }
            """,
            properties: "log:\n  kind: file\n"
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:17: error: no implementation of 'Clock'
                App.swift:4:18: error: no implementation of 'Logger' with qualifier 'file' (from property 'log.kind')

                """)
    }

    @Test func l02NamesEveryCandidate() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class Console: Logger, Component { init() {} }
            final class File: Logger, Component {
                var qualifier: String? { "file" }
                init() {}
            }
            final class Audit: Autowired {
                required init(_ logger: Logger) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:8:19: error: ambiguous implementation of 'Logger': 2 candidates; add a qualifier to choose one
                App.swift:2:13: note: candidate 'Console' registered here
                App.swift:3:13: note: candidate 'File' (qualifier 'file') registered here

                """)
    }

    @Test func l03AndL04FactoryMisuse() throws {
        let run = try LinkFixture(
            """
            final class ViewModel: AutowiredFactory { required init(payload: Int) {} }
            final class Service: Component { init() {} }
            final class Screen: Autowired {
                required init(_ model: ViewModel) {}
                func make() -> Service { Inject(Service.self, with: 1) }
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:4:19: error: factory 'ViewModel' cannot be used as a plain dependency; use 'Inject(ViewModel.self, with: ...)'
                App.swift:5:30: error: 'Service' is not a factory; 'with:' needs an AutowiredFactory or LazyAutowiredFactory

                """)
    }

    @Test func l05ForDeclaredButUnregisteredTypes() throws {
        let run = try LinkFixture(
            """
            final class Plain {}
            class BaseService: Component { init() {} }
            final class LoggingService: BaseService {}
            final class App: Autowired {
                required init(_ plain: Plain, _ logging: LoggingService) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:5:19: error: 'Plain' is not registered; add 'Component' (or another DI protocol) to its declaration
                App.swift:1:13: note: 'Plain' declared here
                App.swift:5:35: error: 'LoggingService' is not registered; add 'Component' (or another DI protocol) to its declaration
                App.swift:3:13: note: 'LoggingService' declared here
                App.swift:2:7: note: registration is not inherited from 'BaseService'

                """)
    }

    @Test func l06DuplicateKeys() throws {
        let run = try LinkFixture(
            """
            final class Cache: Component { init() {} }
            final class Setup: Configuration {
                let cache = Config(Cache.self) { Cache() }
                let named = Config(Cache.self, qualifier: "a") { Cache() }
                let again = Config(Cache.self, qualifier: "a") { Cache() }
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:17: error: duplicate registration of 'Cache'
                App.swift:1:13: note: previous registration here
                App.swift:5:17: error: duplicate registration of 'Cache' with qualifier 'a'
                App.swift:4:17: note: previous registration here

                """)
    }

    @Test func l06MergesIdenticalRegistrationsFromIfBranches() throws {
        let run = try LinkFixture(
            """
            final class Engine: Component { init() {} }
            #if os(iOS)
            final class Cache: Component { init() {} }
            final class Store: Autowired { required init(_ engine: Engine) {} }
            #else
            final class Cache: Component { init() {} }
            final class Store: Autowired { required init(_ engine: Engine, _ cache: Cache) {} }
            #endif
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:7:13: error: duplicate registration of 'Store'
                App.swift:4:13: note: previous registration here

                """)
        #expect(run.graph.registrations.map(\.id.description) == ["Cache", "Engine", "Store", "Store"])
    }

    @Test func l07WarnsAboutAnAlwaysEmptyArray() throws {
        let run = try LinkFixture(
            """
            protocol Plugin {}
            final class Host: Autowired {
                required init(_ plugins: [Plugin]) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:19: warning: no implementation of 'Plugin' is registered; '[Plugin]' will be empty

                """)
    }

    @Test func dependenciesOfADeclarationWithAScanErrorAreNotChecked() throws {
        let run = try LinkFixture(
            """
            final class Broken: Autowired {
                required init(_ missing: Missing) {}
                func f() { Inject(Other.self, qualifier: name) }
            }
            final class User: Autowired {
                required init(_ broken: Broken) {}
            }
            """
        ).run()
        #expect(run.codes == ["S19"])
        #expect(run.registration("Broken")?.dependenciesUnknown == true)
    }
}
