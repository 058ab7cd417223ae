import Testing

@testable import DIEngine

/// Resolution gives each constructor and injector argument its resolved dependency: the arguments are
/// the first dependencies of their registration, in order, and are built anew from them.
@Suite struct ResolvedArgumentsTests {
    @Test func argumentsCarryTheResolvedDependencies() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class FileLogger: Logger, Component { init() {} }
            final class ConsoleLogger: Logger, Component { init() {} }
            final class Service: Component {
                var qualifier: String? { "main" }
                init() {}
            }
            final class Client: Autowired {
                required init(main service: Service, _ loggers: [Logger]) {}
            }
            final class Watcher: LazyAutowired {
                func inject(main service: Service, _ loggers: [Logger]) {}
                required init() {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        let loggers = [
            RegistrationID(typeName: "ConsoleLogger", qualifier: ""),
            RegistrationID(typeName: "FileLogger", qualifier: ""),
        ]
        let client = try #require(run.registration("Client"))
        #expect(client.constructorArguments.map(\.label) == ["main", nil])
        #expect(client.constructorArguments.map(\.dependency) == Array(client.dependencies.prefix(2)))
        #expect(client.constructorArguments[0].dependency.isExactMatch)
        #expect(client.constructorArguments[1].dependency.candidates == loggers)
        let watcher = try #require(run.registration("Watcher"))
        #expect(watcher.injectorArguments.map(\.label) == ["main", nil])
        #expect(watcher.injectorArguments.map(\.dependency) == Array(watcher.dependencies.prefix(2)))
        #expect(
            watcher.injectorArguments[0].dependency.candidates == [
                RegistrationID(typeName: "Service", qualifier: "main")
            ])
        #expect(watcher.injectorArguments[1].dependency.candidates == loggers)
    }
}
