import DIRuntime
import Testing

/// `Inject(...)` and the wrappers inside a resolution use the resolving context, not `shared`.
@Suite struct InjectTests {
    let context = AppContext()

    init() {
        context.load([LibraryFactory.self, LoggingFactory.self])
    }

    @Test func eagerInjectCallsResolveFromTheResolvingContext() throws {
        let dashboard = try #require(context.get(Dashboard.self))
        #expect(dashboard.library === context.get(LibraryService.self))
        #expect(dashboard.novels.map(\.title) == ["Harry Potter", "Troisième humanité"])
        #expect(dashboard.mailAccount.name == "mail")
        #expect(dashboard.storedLogger.storage == "file")
        #expect(dashboard.loggers.map(\.storage) == ["file"])
        #expect(dashboard.friend.userID == "u9" && dashboard.friend.name == "Zoe")
        #expect(dashboard.friends.map(\.userID) == ["u8"])
        #expect(dashboard.serverURL == "http://x")
    }

    @Test func wrappersResolveFromTheResolvingContext() throws {
        let dashboard = try #require(context.get(Dashboard.self))
        #expect(dashboard.session === context.get(Session.self))
        #expect(dashboard.facebook.name == "facebook")
        #expect(dashboard.logger.storage == "file")
        #expect(dashboard.everyBook.map(\.title) == ["Encyclopedia", "Harry Potter", "Troisième humanité"])
        #expect(dashboard.novelsByWrapper.count == 2)
        #expect(dashboard.loggersByWrapper.map(\.storage) == ["file"])
        #expect(dashboard.port == "8080")
        // The identity checks above already prove that nothing came from `shared`. This suite must
        // not read `shared` itself: `SharedContextTests` loads it while other suites run in parallel.
    }

    @Test func wrappedDependencyCanBeReplaced() throws {
        let dashboard = try #require(context.get(Dashboard.self))
        dashboard.logger = ConsoleLogger()
        #expect(dashboard.logger.storage == "console")
    }
}
