import DIRuntime

// The types of Deli's README, declared as written there, to prove that Deli code compiles unchanged.
// Only mistakes that no runtime could compile are corrected, each marked `README fix`.
enum Readme {
    struct User {}

    protocol UserService {
        func login(id: String, password: String) -> User?
        func logout()
    }

    class UserServiceImpl: UserService, Component {
        func login(id: String, password: String) -> User? {
            return nil
        }
        func logout() {
        }

        init() {}
    }

    class LoginViewModel: Autowired {
        let userService: UserService

        required init(_ userService: UserService) {
            self.userService = userService
        }
    }

    protocol Book {
        var name: String { get }
        var author: String { get }
        var category: String { get }
    }

    class Novel: Book {
        var qualifier: String {
            return "Novel"
        }

        var name: String {
            return ""
        }

        var author: String {
            return ""
        }

        var category: String {
            return "Novel"
        }
    }

    class HarryPotter: Novel, Component {
        override var name: String {
            return "Harry Potter"
        }

        override var author: String {
            return "J. K. Rowling"
        }
    }

    class TroisiemeHumanite: Novel, Component {
        override var name: String {
            return "Troisième humanité"
        }

        override var author: String {
            return "Bernard Werber"
        }
    }

    class LibraryService: Autowired {
        let books: [Book]

        required init(Novel books: [Book]) {
            self.books = books
        }
    }

    class MessageService: Autowired {
        let friendService: FriendService

        required init(_ friendService: FriendService) {
            self.friendService = friendService
        }
    }

    class FriendService: Autowired {
        let userService: LazyUserService

        required init(_ userService: LazyUserService) {
            self.userService = userService
        }

        func getFriend(by id: String) -> (id: String, name: String)? {
            return (id: id, name: "Friend \(id)")
        }
    }

    class LazyUserService: LazyAutowired {
        var messageService: MessageService!  // README fix: `let` cannot be assigned in inject

        func inject(_ messageService: MessageService) {
            self.messageService = messageService
        }

        required init() {}
    }

    class FacebookViewModel: LazyAutowired {
        var userService: LazyUserService!  // README fix: `let` cannot be assigned in inject

        func inject(facebook userService: LazyUserService) {
            self.userService = userService
        }

        required init() {}
    }

    final class ConfigurationManager {
        func make(privateKey: String) -> NetworkManager { NetworkManager(key: privateKey) }
    }

    final class NetworkManager {
        let key: String
        init(key: String) { self.key = key }
    }

    class UserConfiguration: Configuration {
        let networkManager = Config(NetworkManager.self, ConfigurationManager.self) { configurationManager in
            let privateKey = "1234QwEr!@#$"
            return configurationManager.make(privateKey: privateKey)
        }

        init() {}
    }

    class LoginView: Inject {
        let viewModel = Inject(LoginViewModel.self)

        init() {}
    }

    class NovelBookView: Inject {
        let novels: [Book] = Inject([Book].self, qualifier: "Novel")

        init() {}
    }

    protocol AccountService {}

    class FriendPayload: Payload {
        let userID: String
        let cachedName: String

        required init(with argument: (userID: String, cachedName: String)) {
            userID = argument.userID
            cachedName = argument.cachedName
        }
    }

    class FriendInfoViewModel: AutowiredFactory {
        let accountService: AccountService

        let userID: String
        var name: String

        required init(_ accountService: AccountService, payload: FriendPayload) {
            self.accountService = accountService
            self.userID = payload.userID
            self.name = payload.cachedName
        }
    }

    class FriendListViewModel: Autowired {
        let friendService: FriendService

        func generateInfo(by id: String) -> FriendInfoViewModel? {
            guard let friend = friendService.getFriend(by: id) else { return nil }

            return Inject(
                FriendInfoViewModel.self,
                with: (
                    userID: friend.id,
                    cachedName: friend.name
                )
            )
        }

        required init(_ friendService: FriendService) {
            self.friendService = friendService
        }
    }

    class TestPayload: Payload {
        required init(with argument: Int) {}
    }

    class LazyFriendInfoViewModel: LazyAutowiredFactory {
        var accountService: AccountService!

        func inject(facebook accountService: AccountService) {
            self.accountService = accountService
        }

        required init(payload: TestPayload) {
        }
    }

    protocol AuthService { var authToken: String? { get } }

    struct AuthPlugin: LazyAutowired {
        var scope: Scope = .weak

        private var authService: AuthService!  // README fix: `let` cannot be assigned in inject

        func prepare(_ request: String) -> String {
            return authService.authToken.map { request + $0 } ?? request
        }

        mutating func inject(_ authService: AuthService) {
            self.authService = authService
        }

        init() {}
    }

    struct ServerConfig: ConfigProperty {
        let target: String = "server"

        let url: String
        let isDebug: Bool
    }

    final class ConfiguredNetworkManager: Autowired {
        let info: ServerConfig

        required init(_ config: ServerConfig) {
            info = config
        }
    }

    final class PropertyNetworkManager: Inject {
        let serverUrl = InjectProperty("server.url")
    }

    final class OptionalNetworkManager {
        let serverUrl = AppContext.getProperty("server.url", type: String.self) ?? "https://wtf.example.com"
    }

    protocol Logger {}

    // swift-format-ignore: NoBlockComments
    // The block comment is Deli's qualifierBy syntax.
    final class LoggingUserService: Autowired {
        required init(_ /*logger.storage*/ logger: Logger) {
        }
    }

    final class LoggerUserService: Inject {
        func getLogger() -> Logger {
            return Inject(Logger.self, qualifierBy: "logger.storage")
        }
    }

    class Library {
        @Dependency(qualifier: "logger.storage")  // README fix: the README lacks the colon
        var logger: Logger

        @DependencyArray(qualifier: "novel")
        var novels: [Book]
    }

    final class WrappedNetworkManager: Inject {
        @PropertyValue("server.url")
        var serverUrl: String  // README fix: property wrappers need `var`
    }

    final class DeliFactory: ModuleFactory {
        override func load(context: AppContextType) {
            register(UserServiceImpl.self, resolver: { UserServiceImpl() }, qualifier: "", scope: .singleton)
                .link(UserService.self)
            register(
                LoginViewModel.self,
                resolver: { LoginViewModel(context.get(UserService.self, qualifier: "")!) },
                qualifier: "",
                scope: .prototype
            )
            register(HarryPotter.self, resolver: { HarryPotter() }, qualifier: "Novel", scope: .singleton)
                .link(Book.self)
            register(
                LibraryService.self,
                resolver: { LibraryService(Novel: context.get([Book].self, qualifier: "Novel")) },
                qualifier: "",
                scope: .singleton
            )
        }
    }

    final class AppDelegate {
        let context = AppContext()
        func application() -> Bool {
            context.load([DeliFactory.self])
            return true
        }
    }
}
