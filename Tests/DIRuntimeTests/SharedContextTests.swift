import DIRuntime
import Testing

/// Everything that resolves from `AppContext.shared`: deferred `Inject(...)` calls, wrappers outside a
/// resolution, `Config` closures called directly and Deli's static entry points. Serialized, and the
/// only suite that touches `shared`.
@Suite(.serialized) final class SharedContextTests {
    init() {
        AppContext.load([LibraryFactory.self, LoggingFactory.self])
    }

    deinit {
        AppContext.shared.unloadAll()
        AppContext.shared.loadProperty([:])
    }

    @Test func deferredInjectCallsUseTheSharedContext() throws {
        let dashboard = Dashboard()
        #expect(dashboard.logger(by: "logger.storage").storage == "file")
        #expect(Dashboard.console().storage == "console")
        #expect(dashboard.property("server.port") == "8080")
        let chat = dashboard.chat(room: "r1")
        #expect(chat.roomID == "r1")
        #expect(chat.service === AppContext.get(ChatService.self))
    }

    @Test func contextPropertiesRedirectQualifierBy() {
        AppContext.shared.loadProperty(["logger": ["storage": "console"]])
        #expect(Dashboard().logger(by: "logger.storage").storage == "console")
        #expect(Dashboard().storedLogger.storage == "console")
    }

    @Test func wrappersOutsideAResolutionUseTheSharedContext() {
        struct SettingsScreen {
            @Dependency var session: Session
            @Dependency(qualifierBy: "logger.storage", resolveRole: .recursive) var logger: Logger
            @DependencyArray(qualifier: "Novel") var novels: [Book]
            @PropertyValue("server.url") var serverURL: String
        }
        let screen = SettingsScreen()
        #expect(screen.session === AppContext.get(Session.self))
        #expect(screen.logger.storage == "file")
        #expect(screen.novels.count == 2)
        #expect(screen.serverURL == "http://x")
    }

    @Test func configClosureReturnsTheCachedInstanceOnceThereIsOne() throws {
        let configuration = try #require(AppContext.get(NetworkConfiguration.self))
        let early = configuration.session()
        let registered = try #require(AppContext.get(Session.self))
        #expect(early !== registered)
        #expect(configuration.session() === registered)
        // A prototype is never cached: every call creates a client, from the shared dependencies.
        let client = configuration.client()
        #expect(client.session === registered)
        #expect(configuration.client() !== client)
    }

    @Test func staticEntryPointsForwardToShared() {
        #expect(AppContext.getProperty("server.url", type: String.self) == "http://x")
        #expect(AppContext.getProperty("server.port") as? String == "8080")
        #expect(AppContext.getProperty("server", type: ServerConfig.self)?.port == 8080)
        #expect(AppContext.get([Book].self, qualifier: "Novel").count == 2)
        #expect(AppContext.get(Book.self, qualifier: "Novel")?.title == "Harry Potter")
    }
}
