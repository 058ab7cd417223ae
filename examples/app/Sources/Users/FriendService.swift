import DIRuntime

final class FriendService: Autowired {
    let users: UserService

    required init(_ users: UserService) {
        self.users = users
    }

    func name(of id: String) -> String { "friend-\(id)" }
}
