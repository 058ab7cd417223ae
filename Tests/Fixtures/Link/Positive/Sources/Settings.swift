struct Credentials: ConfigProperty {
    var target: String { "server.credentials" }
    let user: String
}

struct ServerConfig: ConfigProperty {
    let target = "server"
    let url: String
    let port: Int
    let secure: Bool
    let ratio: Double?
    let method: String?
    let credentials: Credentials
    var description: String { url }
}

struct SettingsScreen {
    @Dependency var session: UserService
    @Dependency(qualifierBy: "logger.storage") var logger: Logger
    @DependencyArray(qualifier: "Novel") var novels: [Book]
    @PropertyValue("server.url") var serverURL: String
}

final class LoginView: Inject {
    let users = Inject(UserService.self)
    let novels = Inject([Book].self, qualifier: "Novel")
    let serverURL = InjectProperty("server.url")
    func logger() -> Logger { Inject(Logger.self, qualifierBy: "logger.storage") }
    func info(id: String) -> FriendInfoViewModel {
        Inject(FriendInfoViewModel.self, with: (userID: id, cachedName: ""))
    }
    func chat(id: String) -> ChatViewModel { Inject(ChatViewModel.self, with: (roomID: id, title: "")) }
    init() {}
}
