import DIRuntime
import Testing

final class EagerService: Autowired {
    var scope: Scope { .always }
    required init(_ counter: Counter) { counter.record("EagerService") }
}

final class SharedService: Autowired {
    required init(_ counter: Counter) { counter.record("SharedService") }
}

final class FreshService: Autowired {
    var scope: Scope { .prototype }
    required init(_ counter: Counter) { counter.record("FreshService") }
}

final class BorrowedService: Autowired {
    var scope: Scope { .weak }
    required init(_ counter: Counter) { counter.record("BorrowedService") }
}

struct WeakValue: Autowired {
    let serial: Int
    init(_ counter: Counter) {
        counter.record("WeakValue")
        serial = counter.count("WeakValue")
    }
}

final class ScopeFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([:])

        register(
            BorrowedService.self,
            resolver: {
                let _0 = context.get(Counter.self, qualifier: "")!
                return BorrowedService(_0)
            },
            qualifier: "",
            scope: .weak
        )
        register(
            Counter.self,
            resolver: {
                return Counter()
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            EagerService.self,
            resolver: {
                let _0 = context.get(Counter.self, qualifier: "")!
                return EagerService(_0)
            },
            qualifier: "",
            scope: .always
        )
        register(
            FreshService.self,
            resolver: {
                let _0 = context.get(Counter.self, qualifier: "")!
                return FreshService(_0)
            },
            qualifier: "",
            scope: .prototype
        )
        register(
            SharedService.self,
            resolver: {
                let _0 = context.get(Counter.self, qualifier: "")!
                return SharedService(_0)
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            WeakValue.self,
            resolver: {
                let _0 = context.get(Counter.self, qualifier: "")!
                return WeakValue(_0)
            },
            qualifier: "",
            scope: .weak
        )
    }
}

@Suite struct ScopeTests {
    let context = AppContext()
    var counter: Counter { context.get(Counter.self)! }

    init() {
        context.load([ScopeFactory.self])
    }

    @Test func alwaysIsCreatedOnLoadAndAgainOnReset() {
        #expect(counter.count("EagerService") == 1)
        let first = context.get(EagerService.self)
        #expect(first != nil && first === context.get(EagerService.self))
        #expect(counter.count("EagerService") == 1)

        context.reset()
        // reset() also drops the Counter singleton, so the new counter sees only the eager re-creation.
        #expect(counter.count("EagerService") == 1)
        #expect(context.get(withoutResolve: EagerService.self) != nil)
        #expect(context.get(EagerService.self) !== first)
    }

    @Test func singletonIsCreatedOnceOnFirstRequest() {
        #expect(counter.count("SharedService") == 0)
        #expect(context.get(withoutResolve: SharedService.self) == nil)
        let first = context.get(SharedService.self)
        #expect(first != nil)
        #expect(first === context.get(SharedService.self))
        #expect(context.get(withoutResolve: SharedService.self) === first)
        #expect(counter.count("SharedService") == 1)
    }

    @Test func prototypeIsNewForEveryRequest() {
        let first = context.get(FreshService.self)
        let second = context.get(FreshService.self)
        #expect(first != nil && second != nil && first !== second)
        #expect(counter.count("FreshService") == 2)
        #expect(context.get(withoutResolve: FreshService.self) == nil)
    }

    @Test func weakIsSharedWhileHeldAndReleasedAfterwards() {
        var held: BorrowedService? = context.get(BorrowedService.self)
        #expect(held != nil)
        #expect(held === context.get(BorrowedService.self))
        #expect(counter.count("BorrowedService") == 1)

        held = nil
        #expect(context.get(withoutResolve: BorrowedService.self) == nil)
        let again = context.get(BorrowedService.self)
        #expect(again != nil)
        #expect(counter.count("BorrowedService") == 2)
        withExtendedLifetime(again) {
            #expect(context.get(withoutResolve: BorrowedService.self) === again)
        }
    }

    @Test func weakValueTypeBehavesAsPrototype() {
        let first = context.get(WeakValue.self)
        let second = context.get(WeakValue.self)
        #expect(first?.serial == 1)
        #expect(second?.serial == 2)
    }

    @Test func factoryResetDropsCachedInstances() throws {
        let factory = try #require(context.getFactory(ScopeFactory.self).first)
        let shared = context.get(SharedService.self)
        factory.reset()
        #expect(context.get(withoutResolve: SharedService.self) == nil)
        #expect(context.get(SharedService.self) !== shared)
    }
}
