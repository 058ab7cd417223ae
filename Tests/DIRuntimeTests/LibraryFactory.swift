import DIRuntime

// Hand-written exactly as codegen.md §1–§4 specify the generated factory for LibraryModels.swift.
final class LibraryFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([
            "server": [
                "port": "8080",
                "url": "http://x",
            ]
        ])

        register(
            APIClient.self,
            resolver: {
                let parent = context.get(NetworkConfiguration.self, qualifier: "")!
                return parent.client()
            },
            qualifier: "main",
            scope: .prototype
        )
        register(
            ChatService.self,
            resolver: {
                return ChatService()
            },
            qualifier: "",
            scope: .singleton
        )
        registerLazyFactory(
            ChatViewModel.self,
            resolver: { payload in
                return ChatViewModel(payload: payload as! RoomPayload)
            },
            injector: { instance in
                let _0 = context.get(ChatService.self, qualifier: "")!
                instance.inject(_0)
            },
            qualifier: ""
        )
        register(
            Encyclopedia.self,
            resolver: {
                return Encyclopedia()
            },
            qualifier: "",
            scope: .singleton
        ).link(Book.self)
        register(
            FacebookAccountService.self,
            resolver: {
                return FacebookAccountService()
            },
            qualifier: "facebook",
            scope: .singleton
        ).link(AccountService.self)
        registerFactory(
            FriendInfoViewModel.self,
            resolver: { payload in
                let _0 = context.get(AccountService.self, qualifier: "facebook")!
                return FriendInfoViewModel(facebook: _0, payload: payload as! FriendPayload)
            },
            qualifier: ""
        ).link(FriendInfoViewModel.self)
        register(
            HarryPotter.self,
            resolver: {
                return HarryPotter()
            },
            qualifier: "Novel",
            scope: .singleton
        ).link(Book.self)
        register(
            LibraryService.self,
            resolver: {
                let _0 = context.get([Book].self, qualifier: "Novel")
                let _1 = context.get([Book].self, qualifier: "")
                return LibraryService(Novel: _0, _1)
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            MailAccountService.self,
            resolver: {
                return MailAccountService()
            },
            qualifier: "mail",
            scope: .singleton
        ).link(AccountService.self)
        register(
            NetworkConfiguration.self,
            resolver: {
                return NetworkConfiguration()
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            ServerConfig.self,
            resolver: {
                return ServerConfig(
                    url: context.getProperty("server.url", type: String.self)!,
                    port: context.getProperty("server.port", type: Int.self)!,
                    method: context.getProperty("server.method", type: String.self)
                )
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            Session.self,
            resolver: {
                let parent = context.get(NetworkConfiguration.self, qualifier: "")!
                return parent.session()
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            TroisiemeHumanite.self,
            resolver: {
                return TroisiemeHumanite()
            },
            qualifier: "Novel",
            scope: .singleton
        ).link(Book.self)
    }
}
