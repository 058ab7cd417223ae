import DIRuntime

// Types written as in annotations.md, registered by `LibraryFactory` exactly as dibuild generates.

protocol Book: AnyObject {
    var title: String { get }
}

class Novel: Book {
    var qualifier: String? { "Novel" }
    var title: String { "" }
}

final class HarryPotter: Novel, Component {
    override var title: String { "Harry Potter" }
}

final class TroisiemeHumanite: Novel, Component {
    override var title: String { "Troisième humanité" }
}

final class Encyclopedia: Book, Component {
    var title: String { "Encyclopedia" }
    init() {}
}

final class LibraryService: Autowired {
    let novels: [Book]
    let everyBook: [Book]
    required init(Novel novels: [Book], _ everyBook: [Book]) {
        self.novels = novels
        self.everyBook = everyBook
    }
}

protocol AccountService: AnyObject {
    var name: String { get }
}

final class FacebookAccountService: AccountService, Component {
    var qualifier: String? { "facebook" }
    var name: String { "facebook" }
    init() {}
}

final class MailAccountService: AccountService, Component {
    var qualifier: String? { "mail" }
    var name: String { "mail" }
    init() {}
}

final class FriendPayload: Payload {
    let userID: String
    let cachedName: String
    required init(with argument: (userID: String, cachedName: String)) {
        userID = argument.userID
        cachedName = argument.cachedName
    }
}

final class FriendInfoViewModel: AutowiredFactory {
    // A labelled (qualified) dependency hides the payload type from inference: declare it, as with Deli.
    typealias _Payload = FriendPayload
    let account: AccountService
    let userID: String
    let name: String
    required init(facebook account: AccountService, payload: FriendPayload) {
        self.account = account
        userID = payload.userID
        name = payload.cachedName
    }
}

final class RoomPayload: Payload {
    let roomID: String
    required init(with argument: String) { roomID = argument }
}

final class ChatService: Component {
    init() {}
}

final class ChatViewModel: LazyAutowiredFactory {
    var service: ChatService!
    let roomID: String
    func inject(_ service: ChatService) { self.service = service }
    required init(payload: RoomPayload) { roomID = payload.roomID }
}

final class Session {
    let token: String
    init(token: String) { self.token = token }
}

final class APIClient {
    let session: Session
    let server: ServerConfig
    init(session: Session, server: ServerConfig) {
        self.session = session
        self.server = server
    }
}

final class NetworkConfiguration: Configuration {
    let session = Config(Session.self) { Session(token: "t-1") }
    let client = Config(APIClient.self, Session.self, qualifier: "main", scope: .prototype) { session in
        APIClient(session: session, server: Inject(ServerConfig.self))
    }
    init() {}
}

struct ServerConfig: ConfigProperty {
    let target = "server"
    let url: String
    let port: Int
    let method: String?
}
