import DIRuntime

final class MessageService: Autowired {
    let users: UserService
    let clock: Clock

    required init(_ users: UserService, _ clock: Clock) {
        self.users = users
        self.clock = clock
    }

    func greeting(for name: String) -> String { "hello \(name), today is \(clock.today)" }
}
