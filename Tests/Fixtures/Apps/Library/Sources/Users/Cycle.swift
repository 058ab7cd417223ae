import DIRuntime

/// Lazy on purpose: `MessageService` needs `UserService` and the other way round.
final class UserService: LazyAutowired {
    private(set) var messages: MessageService!

    required init() {}

    func inject(_ messages: MessageService) {
        self.messages = messages
    }
}

final class MessageService: Autowired {
    let users: UserService

    required init(_ users: UserService) {
        self.users = users
    }
}

final class Box<Value> {
    var value: Value?
}

/// A lazy struct stores what it is given in reference-typed state.
struct AuthPlugin: LazyAutowired {
    var scope: Scope { .prototype }
    let box = Box<UserService>()

    func inject(_ users: UserService) {
        box.value = users
    }

    init() {}
}
