import DIRuntime

/// Not registered: its wrappers resolve from `AppContext.shared` at run time.
struct SettingsScreen {
    @Dependency(qualifierBy: "logging.sink") var logger: Logger
    @DependencyArray(qualifier: "Novel") var novels: [Book]
    @Dependency var reader: Storage.Reader
    @PropertyValue("logging.banner") var banner: String
}

/// Inject-capable but not registered: every `Inject` call resolves itself.
final class Dashboard: Inject {
    let library = Inject(LibraryService.self)
    let allBooks = Inject([Book].self, qualifier: "")

    func chat(room: String) -> ChatViewModel {
        Inject(ChatViewModel.self, with: (roomID: room, seats: 4))
    }

    func friend(_ id: String) -> FriendInfoViewModel {
        Inject(FriendInfoViewModel.self, with: (userID: id, note: ""))
    }

    func ticket(_ number: Int) -> Ticket {
        Inject(Ticket.self, with: (number: number, row: "A"))
    }

    func defaultAccount() -> AccountService {
        Inject(AccountService.self, qualifierBy: "accounts.default")
    }

    init() {}
}
