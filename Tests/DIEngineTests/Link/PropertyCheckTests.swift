import Testing

@testable import DIEngine

/// `P01`–`P03` (`diagnostics.md` §6), with the `'{p}' is set here` note at the value's origin.
@Suite struct PropertyCheckTests {
    static let sources = """
        struct ServerConfig: ConfigProperty {
            let target = "server"
            let url: String
            let port: Int
            let retries: UInt8?
            let method: String?
            var computed: Int { 1 }
            let fixed = 3
        }
        final class Network: Inject {
            let address = InjectProperty("server.url")
            @PropertyValue("server") var whole: String
            @PropertyValue("server.hosts") var hosts: String
            let missing = InjectProperty("server.timeout")
            init() {}
        }
        """

    @Test func validPropertiesPass() throws {
        let properties = """
            server:
              url: "http://x"
              port: "8080"
              retries: ~
              hosts: a
            """
        let run = try LinkFixture(
            Self.sources.replacingOccurrences(of: "@PropertyValue(\"server\") var whole: String\n    ", with: "")
                .replacingOccurrences(of: "let missing = InjectProperty(\"server.timeout\")\n    ", with: ""),
            properties: properties
        ).run()
        #expect(run.rendered == "")
        let fields = try #require(run.registration("ServerConfig")?.configPropertyFields)
        #expect(fields.map(\.name) == ["url", "port", "retries", "method"])
        #expect(fields.map(\.isOptional) == [false, false, true, true])
    }

    @Test func missingMalformedAndNonScalarValues() throws {
        let properties = """
            server:
              port: abc
              retries: 300
              hosts: [a, b]
            """
        let run = try LinkFixture(Self.sources, properties: properties).run()
        #expect(
            run.rendered == """
                App.swift:3:9: error: property 'server.url' not found, required by field 'url' of 'ServerConfig'
                App.swift:4:9: error: property 'server.port' has value 'abc', which does not convert to 'Int'
                app.yml:2:9: note: 'server.port' is set here
                App.swift:5:9: error: property 'server.retries' has value '300', which does not convert to 'UInt8'
                app.yml:3:12: note: 'server.retries' is set here
                App.swift:11:34: error: property 'server.url' not found
                App.swift:12:5: error: property 'server' is a mapping, not a value
                app.yml:2:3: note: 'server' is set here
                App.swift:13:5: error: property 'server.hosts' is a list, not a value
                app.yml:4:10: note: 'server.hosts' is set here
                App.swift:14:34: error: property 'server.timeout' not found

                """)
    }

    @Test func nullIsAcceptedOnlyForOptionalFields() throws {
        let run = try LinkFixture(
            """
            struct Limits: ConfigProperty {
                var target: String { return "limits" }
                let count: Int
                let ratio: Double?
                let name: String
            }
            """,
            properties: "limits:\n  count: null\n  ratio: null\n  name: null\n"
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:9: error: property 'limits.count' is null, which does not convert to 'Int'
                app.yml:2:10: note: 'limits.count' is set here

                """)
    }

    @Test func qualifierByPropertyMustExistAndBeAValue() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class Audit: Autowired {
                required init(_/* logger.kind */ logger: Logger) {}
                func other() -> Logger { Inject(Logger.self, qualifierBy: "logger") }
            }
            """,
            properties: "logger:\n  level: 1\n"
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:19: error: property 'logger.kind' not found
                App.swift:4:30: error: property 'logger' is a mapping, not a value
                app.yml:2:3: note: 'logger' is set here

                """)
    }

    @Test func nestedConfigPropertyFieldIsAnEagerDependencyWithoutPathCheck() throws {
        let run = try LinkFixture(
            """
            struct Credentials: ConfigProperty {
                let target = "auth"
                let user: String
            }
            struct Backend: ConfigProperty {
                let target = "backend"
                let credentials: Credentials
            }
            """,
            properties: "auth:\n  user: me\n"
        ).run()
        #expect(run.rendered == "")
        let backend = try #require(run.registration("Backend"))
        #expect(backend.dependencies.map(\.typeName) == ["Credentials"])
        #expect(backend.dependencies.first?.isExactMatch == true)
        #expect(
            backend.configPropertyFields == [
                ConfigPropertyField(name: "credentials", typeName: "Credentials", isOptional: false)
            ])
    }
}
