import DIRuntime

/// Lazy on purpose: `MessageService` needs `UserService` and the other way round.
final class UserService: LazyAutowired {
    private(set) var messages: MessageService!

    required init() {}

    func inject(_ messages: MessageService) {
        self.messages = messages
    }
}
