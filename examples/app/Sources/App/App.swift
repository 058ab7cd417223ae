import DIRuntime

/// The composition root: everything it prints was injected.
final class App: Autowired {
    let library: LibraryService
    let messages: MessageService
    let server: ServerConfig
    let client: HTTPClient
    @PropertyValue("logging.banner") var banner: String
    @Dependency var clock: Clock

    required init(_ library: LibraryService, _ messages: MessageService, _ server: ServerConfig, _ client: HTTPClient) {
        self.library = library
        self.messages = messages
        self.server = server
        self.client = client
    }

    func friendInfo(_ id: String) -> FriendInfoViewModel {
        Inject(FriendInfoViewModel.self, with: (userID: id, note: ""))
    }
}
