import DIRuntime

protocol Logger: AnyObject {
    var storage: String { get }
}

final class FileLogger: Logger, Component {
    var qualifier: String? { "file" }
    var storage: String { "file" }
    init() {}
}

final class ConsoleLogger: Logger, Component {
    var qualifier: String? { "console" }
    var storage: String { "console" }
    init() {}
}

/// An Inject-only type: every `Inject(...)` form and every wrapper, eager and deferred.
final class Dashboard: Inject {
    let library = Inject(LibraryService.self)
    let novels = Inject([Book].self, qualifier: "Novel")
    let mailAccount = Inject(AccountService.self, qualifier: "mail")
    let storedLogger = Inject(Logger.self, qualifierBy: "logger.storage")
    let loggers = Inject([Logger].self, qualifierBy: "logger.storage", resolveRole: .recursive)
    let friend = Inject(FriendInfoViewModel.self, with: (userID: "u9", cachedName: "Zoe"))
    let friends = Inject([FriendInfoViewModel].self, with: (userID: "u8", cachedName: "Yan"))
    let serverURL = InjectProperty("server.url")

    @Dependency var session: Session
    @Dependency(qualifier: "facebook") var facebook: AccountService
    @Dependency(qualifierBy: "logger.storage", resolveRole: .recursive) var logger: Logger
    @DependencyArray var everyBook: [Book]
    @DependencyArray(qualifier: "Novel") var novelsByWrapper: [Book]
    @DependencyArray(qualifierBy: "logger.storage", resolveRole: .recursive) var loggersByWrapper: [Logger]
    @PropertyValue("server.port") var port: String

    init() {}

    func logger(by path: String) -> Logger {
        Inject(Logger.self, qualifierBy: path)
    }

    func chat(room: String) -> ChatViewModel {
        Inject(ChatViewModel.self, with: room)
    }

    static func console() -> Logger {
        Inject(Logger.self, qualifier: "console")
    }

    func property(_ path: String) -> String {
        InjectProperty(path)
    }
}

final class LoggingFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([
            "logger": [
                "storage": "file"
            ]
        ])

        register(
            ConsoleLogger.self,
            resolver: {
                return ConsoleLogger()
            },
            qualifier: "console",
            scope: .singleton
        ).link(Logger.self)
        register(
            FileLogger.self,
            resolver: {
                return FileLogger()
            },
            qualifier: "file",
            scope: .singleton
        ).link(Logger.self)
        // Not generated (Dashboard is Inject-only); registered by hand so that a resolution creates it.
        register(
            Dashboard.self,
            resolver: {
                return Dashboard()
            },
            qualifier: "",
            scope: .prototype
        )
    }
}
