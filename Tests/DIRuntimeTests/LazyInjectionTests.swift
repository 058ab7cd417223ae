import DIRuntime
import Testing

// Deli's README cycle: MessageService -> FriendService -> UserService -(lazy)-> MessageService.

final class MessageService: Autowired {
    let friendService: FriendService
    required init(_ friendService: FriendService) { self.friendService = friendService }
}

final class FriendService: Autowired {
    let userService: UserService
    required init(_ userService: UserService) { self.userService = userService }
}

final class UserService: LazyAutowired {
    var messageService: MessageService!
    func inject(_ messageService: MessageService) { self.messageService = messageService }
    required init() {}
}

/// Reference-typed storage so that a struct's injector has somewhere to write.
final class Box<Value> {
    var value: Value?
}

struct AuthPlugin: LazyAutowired {
    var scope: Scope { .prototype }
    let box = Box<UserService>()
    func inject(_ users: UserService) { box.value = users }
    init() {}
}

final class CycleFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([:])

        registerLazy(
            AuthPlugin.self,
            resolver: {
                return AuthPlugin()
            },
            injector: { instance in
                let _0 = context.get(UserService.self, qualifier: "")!
                instance.inject(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            FriendService.self,
            resolver: {
                let _0 = context.get(UserService.self, qualifier: "")!
                return FriendService(_0)
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            MessageService.self,
            resolver: {
                let _0 = context.get(FriendService.self, qualifier: "")!
                return MessageService(_0)
            },
            qualifier: "",
            scope: .singleton
        )
        registerLazy(
            UserService.self,
            resolver: {
                return UserService()
            },
            injector: { instance in
                let _0 = context.get(MessageService.self, qualifier: "")!
                instance.inject(_0)
            },
            qualifier: "",
            scope: .singleton
        )
    }
}

@Suite struct LazyInjectionTests {
    let context = AppContext()

    init() {
        context.load([CycleFactory.self])
    }

    @Test func cycleResolvesFromTheLazyEnd() throws {
        let users = try #require(context.get(UserService.self))
        // Injected before get returns.
        let messages = try #require(users.messageService)
        #expect(messages === context.get(MessageService.self))
        #expect(messages.friendService.userService === users)
    }

    @Test func cycleResolvesFromTheEagerEnd() throws {
        let messages = try #require(context.get(MessageService.self))
        let users = messages.friendService.userService
        // Injected once the outermost creation (MessageService) finished, before get returned.
        #expect(users.messageService === messages)
        #expect(users === context.get(UserService.self))
    }

    @Test func cycleResolvesFromTheMiddle() throws {
        let friends = try #require(context.get(FriendService.self))
        #expect(friends.userService.messageService.friendService === friends)
    }

    @Test func structInjectorWritesThroughReferenceStorage() throws {
        let plugin = try #require(context.get(AuthPlugin.self))
        #expect(plugin.box.value === context.get(UserService.self))
        #expect(context.get(AuthPlugin.self)?.box !== plugin.box)
    }
}
