import DIRuntime

// A small app written as for Deli 0.9: every role protocol, Deli's optional members, a factory file in
// the shape Deli's generator wrote (qualifier and scope spelled out, `Linker.link`).

protocol Greeter: AnyObject {
    var greeting: String { get }
}

final class EnglishGreeter: Greeter, Component {
    let greeting = "hello"
    init() {}
}

final class FrenchGreeter: Greeter, Component {
    var qualifier: String? { "fr" }
    let greeting = "bonjour"
    init() {}
}

final class Clock: Component {
    var scope: Scope { .prototype }
    init() {}
}

final class Journal: Autowired {
    let greeter: Greeter
    required init(_ greeter: Greeter) { self.greeter = greeter }
}

/// Deli infers `Dep1`, `Dep2` from `inject(_:_:)`.
final class Mailbox: LazyAutowired {
    var scope: Scope { .always }
    var journal: Journal!
    var clock: Clock!
    required init() {}
    func inject(_ journal: Journal, _ clock: Clock) {
        self.journal = journal
        self.clock = clock
    }
}

struct LetterPayload: Payload {
    let recipient: String
    init(with argument: String) { recipient = argument }
}

final class Letter: AutowiredFactory {
    let greeter: Greeter
    let recipient: String
    required init(_ greeter: Greeter, payload: LetterPayload) {
        self.greeter = greeter
        recipient = payload.recipient
    }
}

final class Parcel: LazyAutowiredFactory {
    var journal: Journal?
    let recipient: String
    required init(payload: LetterPayload) { recipient = payload.recipient }
    func inject(_ journal: Journal) { self.journal = journal }
}

struct ServerConfig: ConfigProperty {
    let target = "server"
    let host: String
}

/// Resolved from the context that creates it, so its `Inject` calls (static in stored-property
/// initialisers, instance ones in `init`) use that context.
final class PostOffice: Component {
    let journal = Inject(Journal.self)
    let french = Inject(Greeter.self, qualifier: "fr", resolveRole: .recursive)
    let greeters = Inject([Greeter].self)
    let letter = Inject(Letter.self, with: "Ann")
    let letters = Inject([Letter].self, with: "Bob")
    let byProperty = Inject(Greeter.self, qualifierBy: "greeting.language")
    let allByProperty = Inject([Greeter].self, qualifierBy: "greeting.language")
    let host = InjectProperty("server.host")
    var instanceForms: [String] = []

    init() {
        instanceForms = [
            Inject(Journal.self).greeter.greeting,
            Inject(Greeter.self, qualifier: "fr").greeting,
            "\(Inject([Greeter].self, qualifier: "fr").count)",
            Inject(Letter.self, with: "Cy").recipient,
            "\(Inject([Letter].self, qualifier: "", with: "Di").count)",
            Inject(Greeter.self, qualifierBy: "greeting.language").greeting,
            "\(Inject([Greeter].self, qualifierBy: "greeting.language").count)",
            InjectProperty("server.host"),
        ]
    }
}

/// Deli's property wrappers, resolved when the owner is created.
final class Desk: Component {
    @Dependency var journal: Journal
    @Dependency(qualifier: "fr") var french: Greeter
    @Dependency(qualifierBy: "greeting.language") var byProperty: Greeter
    @DependencyArray var greeters: [Greeter]
    @DependencyArray(qualifier: "fr") var frenchOnly: [Greeter]
    @PropertyValue("server.host") var host: String
    init() {}
}

final class DeliAppFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty(["server": ["host": "mail.example"], "greeting": ["language": "fr"]])

        register(EnglishGreeter.self, resolver: { return EnglishGreeter() }, qualifier: "", scope: .singleton)
            .link(Greeter.self)
        register(FrenchGreeter.self, resolver: { return FrenchGreeter() }, qualifier: "fr", scope: .singleton)
            .link(Greeter.self)
        register(Clock.self, resolver: { return Clock() }, qualifier: "", scope: .prototype)
        register(
            Journal.self,
            resolver: {
                let _0 = context.get(Greeter.self, qualifier: "")!
                return Journal(_0)
            },
            qualifier: "",
            scope: .singleton
        )
        registerLazy(
            Mailbox.self,
            resolver: { return Mailbox() },
            injector: { instance in
                let _0 = context.get(Journal.self, qualifier: "")!
                let _1 = context.get(Clock.self, qualifier: "")!
                instance.inject(_0, _1)
            },
            qualifier: "",
            scope: .always
        )
        registerFactory(
            Letter.self,
            resolver: { payload in
                let _0 = context.get(Greeter.self, qualifier: "")!
                return Letter(_0, payload: payload as! LetterPayload)
            },
            qualifier: ""
        )
        registerLazyFactory(
            Parcel.self,
            resolver: { payload in return Parcel(payload: payload as! LetterPayload) },
            injector: { instance in
                let _0 = context.get(Journal.self, qualifier: "")!
                instance.inject(_0)
            },
            qualifier: ""
        )
        register(
            ServerConfig.self,
            resolver: { return ServerConfig(host: context.getProperty("server.host", type: String.self)!) },
            qualifier: "",
            scope: .prototype
        )
        register(PostOffice.self, resolver: { return PostOffice() }, qualifier: "", scope: .singleton)
        register(Desk.self, resolver: { return Desk() }, qualifier: "", scope: .singleton)
    }
}

/// Registers with Deli's type-erased `Resolver` and `FactoryResolver`.
final class ErasedResolverFactory: ModuleFactory {
    var unloaded = false

    override func load(context: AppContext) {
        let clock: Resolver = { Clock() }
        let letter: FactoryResolver = { payload in
            Letter(EnglishGreeter(), payload: payload as! LetterPayload)
        }
        register(Clock.self, resolver: clock, qualifier: "erased", scope: .singleton)
        registerLazy(
            Mailbox.self, resolver: { Mailbox() as Any }, injector: { _ in }, qualifier: "erased", scope: .weak)
        registerFactory(Letter.self, resolver: letter, qualifier: "erased")
        registerLazyFactory(
            Parcel.self, resolver: { payload in Parcel(payload: payload as! LetterPayload) as Any },
            injector: { _ in }, qualifier: "erased")
    }

    override func unload() {
        unloaded = true
    }
}
