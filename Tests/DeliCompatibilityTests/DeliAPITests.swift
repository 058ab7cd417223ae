import DIRuntime
import Testing

/// Deli 0.9's public API, called with Deli's spelling (labels, defaults, return types) so that a
/// source break shows up as a compile error here, and run so that the behaviour is checked too.
@Suite struct DeliAPITests {
    let context = AppContext()

    init() {
        context.load([DeliAppFactory.self], priority: .normal)
    }

    @Test func singleAndArrayGets() throws {
        let first: Greeter? = context.get(Greeter.self)
        #expect(first?.greeting == "hello")
        #expect(context.get(Greeter.self, qualifier: "fr")?.greeting == "bonjour")
        #expect(context.get(Greeter.self, qualifier: "fr", resolveRole: .default)?.greeting == "bonjour")
        let all: [Greeter] = context.get([Greeter].self)
        #expect(all.map(\.greeting) == ["hello", "bonjour"])
        #expect(context.get([Greeter].self, qualifier: "fr", resolveRole: .recursive).count == 1)
        #expect(context.get(Clock.self) !== context.get(Clock.self))
    }

    @Test func payloadGets() throws {
        let letter: Letter? = context.get(Letter.self, payload: LetterPayload(with: "Ann"))
        #expect(letter?.recipient == "Ann")
        #expect(letter?.greeter.greeting == "hello")
        #expect(
            context.get(Letter.self, qualifier: "", payload: LetterPayload(with: "A"), resolveRole: .default) != nil)
        let letters: [Letter] = context.get([Letter].self, payload: LetterPayload(with: "Bob"))
        #expect(letters.isEmpty)  // an unqualified factory is in no chain: found by exact key only
        let parcel = try #require(context.get(Parcel.self, payload: LetterPayload(with: "Cy")))
        #expect(parcel.recipient == "Cy")
        #expect(parcel.journal === context.get(Journal.self))
    }

    @Test func payloadTypeDefaultsToThePayloadOfTheInitialiser() throws {
        let letter = try #require(context.get(Letter.self, payload: LetterPayload(with: "Ann")))
        let parcel = try #require(context.get(Parcel.self, payload: LetterPayload(with: "Ann")))
        #expect(letter.payloadType == LetterPayload.self)
        #expect(parcel.payloadType == LetterPayload.self)
        #expect(Letter.RawPayload.self == LetterPayload.self)
    }

    @Test func classNameGetsResolveFromRegistrations() throws {
        let short: Greeter? = context.get(Greeter.self, className: "FrenchGreeter", qualifier: "fr")
        #expect(short?.greeting == "bonjour")
        let full = context.get(Journal.self, className: "DeliCompatibilityTests.Journal")
        #expect(full === context.get(Journal.self))
        #expect(context.get(Greeter.self, className: "FrenchGreeter") == nil)  // qualifier must match
        #expect(context.get(Greeter.self, className: "NoSuchType") == nil)
        let letter: Letter? = context.get(Letter.self, className: "Letter", payload: LetterPayload(with: "Di"))
        #expect(letter?.recipient == "Di")
        #expect(context.get(Letter.self, className: "Letter", payload: LetterPayload(with: "E")) !== letter)
        #expect(context.get(Letter.self, className: "Journal", payload: LetterPayload(with: "x")) == nil)
        #expect(context.get([Greeter].self, className: "EnglishGreeter").count == 1)
    }

    @Test func withoutResolveGetsNeverCreate() throws {
        #expect(context.get(withoutResolve: Desk.self) == nil)
        #expect(context.get(withoutResolve: Desk.self, className: "Desk", qualifier: "") == nil)
        // Loading created the `.always` Mailbox, hence its Journal and the English greeter, not the French.
        let cached: [Greeter] = context.get(withoutResolve: [Greeter].self, qualifier: "")
        #expect(cached.map(\.greeting) == ["hello"])
        #expect(context.get(withoutResolve: [Greeter].self, qualifier: "fr").isEmpty)

        let desk = try #require(context.get(Desk.self))
        #expect(context.get(withoutResolve: Desk.self, qualifier: "", resolveRole: .recursive) === desk)
        #expect(context.get(withoutResolve: Desk.self, className: "Desk", qualifier: "") === desk)
        #expect(context.get(withoutResolve: Desk.self, className: "Desk", qualifier: "x") == nil)
        #expect(context.get(withoutResolve: [Greeter].self, qualifier: "", resolveRole: .default).count == 2)
        #expect(context.get(withoutResolve: [Greeter].self, qualifier: "fr").count == 1)
        // A prototype is never cached.
        _ = context.get(Clock.self)
        #expect(context.get(withoutResolve: Clock.self) == nil)
    }

    @Test func alwaysScopedLazyInstanceIsCreatedAndInjectedOnLoad() throws {
        let mailbox = try #require(context.get(withoutResolve: Mailbox.self))
        #expect(mailbox.journal === context.get(Journal.self))
        #expect(mailbox.clock != nil)
    }

    @Test func getFactoryReturnsEveryLoadedFactoryOfTheType() throws {
        let factories: [DeliAppFactory] = context.getFactory(DeliAppFactory.self)
        #expect(factories.count == 1)
        let second = DeliAppFactory()
        context.load(second, priority: .high)
        #expect(context.getFactory(DeliAppFactory.self).first === second)
        #expect(context.getFactory(DeliAppFactory.self).count == 2)
        #expect(context.getFactory(ModuleFactory.self).count == 2)
        #expect(context.getFactory(ErasedResolverFactory.self).isEmpty)
        let sharedFactories: [ErasedResolverFactory] = AppContext.shared.getFactory(ErasedResolverFactory.self)
        #expect(sharedFactories.isEmpty)
    }

    @Test func loadUnloadResetWithDeliSpelling() throws {
        let erased = ErasedResolverFactory()
        let chained: AppContext = context.load(erased, priority: .priority(700))
        #expect(chained === context)
        #expect(context.get(Clock.self, qualifier: "erased") === context.get(Clock.self, qualifier: "erased"))
        #expect(context.get(Letter.self, qualifier: "erased", payload: LetterPayload(with: "F"))?.recipient == "F")
        #expect(context.get(Parcel.self, qualifier: "erased", payload: LetterPayload(with: "G")) != nil)
        #expect(context.get(Mailbox.self, qualifier: "erased") != nil)

        let journal = context.get(Journal.self)
        let afterReset: AppContext = context.reset()
        #expect(afterReset.get(Journal.self) !== journal)

        context.unload(erased)
        #expect(erased.unloaded)
        #expect(context.get(Clock.self, qualifier: "erased") == nil)
        context.load([ErasedResolverFactory.self], priority: .low).unload([ErasedResolverFactory.self])
        #expect(context.getFactory(ErasedResolverFactory.self).isEmpty)

        let empty: AppContext = context.unloadAll()
        #expect(empty.get(Journal.self) == nil)
        #expect(context.getFactory(ModuleFactory.self).isEmpty)
    }

    @Test func loadPriorityResolveRoleAndScopeValues() {
        #expect(LoadPriority.high.rawValue == 1000)
        #expect(LoadPriority.normal.rawValue == 500)
        #expect(LoadPriority.low.rawValue == 100)
        #expect(LoadPriority.priority(7).rawValue == 7)
        let scopes: [Scope] = [.always, .singleton, .prototype, .weak]
        #expect(Set(scopes).count == 4)
        let custom = ResolveRole.custom { factories in Array(factories.suffix(1)) }
        #expect(context.get(Greeter.self, resolveRole: custom)?.greeting == "hello")
        #expect(context.get(Greeter.self, resolveRole: .custom { _ in [] }) == nil)
    }

    @available(*, deprecated)
    @Test func oldResolveRuleNameStillCompiles() {
        let rule: ResolveRule = .default
        #expect(context.get(Greeter.self, resolveRole: rule) != nil)
    }

    @Test func roleProtocolDefaults() {
        #expect(EnglishGreeter().qualifier == nil)
        #expect(EnglishGreeter().scope == .singleton)
        #expect(FrenchGreeter().qualifier == "fr")
        #expect(Clock().scope == .prototype)
        #expect(Journal(EnglishGreeter()).scope == .singleton)
        #expect(Journal(EnglishGreeter()).qualifier == nil)
        #expect(Mailbox().scope == .always)
        #expect(Mailbox().qualifier == nil)
        let letter = Letter(EnglishGreeter(), payload: LetterPayload(with: "x"))
        #expect(letter.qualifier == nil)
        #expect(letter.scope == .prototype)
        #expect(Parcel(payload: LetterPayload(with: "x")).qualifier == nil)
        #expect(Parcel(payload: LetterPayload(with: "x")).scope == .prototype)
    }

    @Test func injectIsARequirementWithInferredDependencies() {
        #expect(Mailbox.Dep1.self == Journal.self)
        #expect(Mailbox.Dep2.self == Clock.self)
        #expect(Parcel.Dep1.self == Journal.self)
        let mailbox = Mailbox()
        injectThroughProtocol(mailbox, Journal(EnglishGreeter()), Clock())
        #expect(mailbox.journal?.greeter.greeting == "hello")
        let parcel = Parcel(payload: LetterPayload(with: "x"))
        injectThroughProtocol(parcel, Journal(FrenchGreeter()))
        #expect(parcel.journal?.greeter.greeting == "bonjour")
    }

    @Test func injectFunctionsStaticAndInstance() throws {
        let office = try #require(context.get(PostOffice.self))
        #expect(office.journal === context.get(Journal.self))
        #expect(office.french.greeting == "bonjour")
        #expect(office.greeters.count == 2)
        #expect(office.letter.recipient == "Ann")
        #expect(office.letters.isEmpty)
        #expect(office.byProperty.greeting == "bonjour")
        #expect(office.allByProperty.count == 1)
        #expect(office.host == "mail.example")
        #expect(office.instanceForms == ["hello", "bonjour", "1", "Cy", "0", "bonjour", "1", "mail.example"])
    }

    @Test func propertyWrappers() throws {
        let desk = try #require(context.get(Desk.self))
        #expect(desk.journal === context.get(Journal.self))
        #expect(desk.french.greeting == "bonjour")
        #expect(desk.byProperty.greeting == "bonjour")
        #expect(desk.greeters.count == 2)
        #expect(desk.frenchOnly.count == 1)
        #expect(desk.host == "mail.example")
    }

    @Test func typedPropertiesAndContextProperties() {
        context.loadProperty([
            "n": [
                "text": "abc", "flag": "true", "double": "1.5", "float": "2.5", "int": "-3", "int8": "-8",
                "int16": "-16", "int32": "-32", "int64": "-64", "uint": "1", "uint8": "8", "uint16": "16",
                "uint32": "32", "uint64": "64",
            ]
        ])
        #expect(context.getProperty("n.text", type: String.self) == "abc")
        #expect(context.getProperty("n.flag", type: Bool.self) == true)
        #expect(context.getProperty("n.double", type: Double.self) == 1.5)
        #expect(context.getProperty("n.float", type: Float.self) == 2.5)
        #expect(context.getProperty("n.int", type: Int.self) == -3)
        #expect(context.getProperty("n.int8", type: Int8.self) == -8)
        #expect(context.getProperty("n.int16", type: Int16.self) == -16)
        #expect(context.getProperty("n.int32", type: Int32.self) == -32)
        #expect(context.getProperty("n.int64", type: Int64.self) == -64)
        #expect(context.getProperty("n.uint", type: UInt.self) == 1)
        #expect(context.getProperty("n.uint8", type: UInt8.self) == 8)
        #expect(context.getProperty("n.uint16", type: UInt16.self) == 16)
        #expect(context.getProperty("n.uint32", type: UInt32.self) == 32)
        #expect(context.getProperty("n.uint64", type: UInt64.self, resolveRole: .default) == 64)
        #expect(context.getProperty("n.int8", type: UInt8.self) == nil)
        #expect(context.getProperty("server.host") as? String == "mail.example")
        #expect(context.getProperty("server.host", resolveRole: .recursive) as? String == "mail.example")
        #expect(context.getProperty("server", type: ServerConfig.self)?.host == "mail.example")
    }
}

private func injectThroughProtocol<T: LazyAutowired>(_ instance: T, _ dep1: T.Dep1, _ dep2: T.Dep2) {
    instance.inject(dep1, dep2)
}

private func injectThroughProtocol<T: LazyAutowiredFactory>(_ instance: T, _ dep1: T.Dep1) {
    instance.inject(dep1)
}
