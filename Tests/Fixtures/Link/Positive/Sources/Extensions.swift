extension FriendServiceImpl: Component {}

final class Box<Value> {
    var value: Value?
}

struct AuthPlugin: LazyAutowired {
    var scope: Scope { .prototype }
    private let box = Box<UserService>()
    func inject(_ users: UserService) { box.value = users }
    init() {}
}
