protocol FriendService {}
protocol MessageService {}

final class FriendServiceImpl: FriendService {
    init() {}
}

final class MessageServiceImpl: MessageService, Autowired {
    typealias Dep1 = FriendService
    required init(_ friends: Dep1, _ clock: Clock) {}
}

final class AccountService: Component {
    var qualifier: String? { "facebook" }
    init() {}
}

final class UserService: LazyAutowired {
    private(set) var messages: MessageService!
    func inject(facebook account: AccountService, _ messages: MessageService) { self.messages = messages }
    required init() {}
}
