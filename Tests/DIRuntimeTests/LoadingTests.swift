import DIRuntime
import Testing

protocol Greeter: AnyObject {
    var greeting: String { get }
}

final class EnglishGreeter: Greeter, Component {
    var greeting: String { "Hello" }
    init() {}
}

final class MockGreeter: Greeter, Component {
    var greeting: String { "Mock" }
    init() {}
}

final class AppGreeterFactory: ModuleFactory {
    private(set) var loadCount = 0
    private(set) var unloadCount = 0

    override func load(context: AppContext) {
        loadCount += 1
        loadProperty([
            "greeting": [
                "source": "app"
            ]
        ])

        register(
            EnglishGreeter.self,
            resolver: {
                return EnglishGreeter()
            },
            qualifier: "",
            scope: .singleton
        ).link(Greeter.self)
    }

    override func unload() {
        unloadCount += 1
    }
}

final class MockGreeterFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([
            "greeting": [
                "source": "mock"
            ]
        ])

        register(
            MockGreeter.self,
            resolver: {
                return MockGreeter()
            },
            qualifier: "",
            scope: .singleton
        ).link(Greeter.self)
    }
}

@Suite struct LoadingTests {
    let context = AppContext()

    @Test func higherPriorityFactoryIsConsultedFirst() {
        context.load([AppGreeterFactory.self])
        #expect(context.get(Greeter.self)?.greeting == "Hello")
        context.load([MockGreeterFactory.self], priority: .high)
        #expect(context.get(Greeter.self)?.greeting == "Mock")
        #expect(context.getProperty("greeting.source", type: String.self) == "mock")
        // Arrays search only the first factory unless asked otherwise.
        #expect(context.get([Greeter].self).map(\.greeting) == ["Mock"])
        #expect(context.get([Greeter].self, resolveRole: .recursive).map(\.greeting) == ["Mock", "Hello"])
        #expect(context.get(Greeter.self, resolveRole: .custom { Array($0.suffix(1)) })?.greeting == "Hello")
        #expect(context.get(Greeter.self, resolveRole: .default)?.greeting == "Mock")
    }

    @Test func equalPriorityKeepsLoadOrder() {
        context.load(AppGreeterFactory()).load(MockGreeterFactory())
        #expect(context.get(Greeter.self)?.greeting == "Hello")
        context.load(MockGreeterFactory(), priority: .priority(501))
        #expect(context.get(Greeter.self)?.greeting == "Mock")
        #expect(LoadPriority.high.rawValue == 1000)
        #expect(LoadPriority.normal.rawValue == 500)
        #expect(LoadPriority.low.rawValue == 100)
        #expect(LoadPriority.priority(7).rawValue == 7)
    }

    @Test func lowPriorityComesLast() {
        context.load([MockGreeterFactory.self], priority: .low)
        context.load([AppGreeterFactory.self], priority: .priority(101))
        #expect(context.get(Greeter.self)?.greeting == "Hello")
    }

    @Test func loadingTheSameInstanceTwiceIsIgnored() throws {
        let factory = AppGreeterFactory()
        context.load(factory)
        context.load(factory, priority: .high)
        #expect(factory.loadCount == 1)
        #expect(context.get([Greeter].self, resolveRole: .recursive).count == 1)
        #expect(context.getFactory(AppGreeterFactory.self).map(ObjectIdentifier.init) == [ObjectIdentifier(factory)])
        #expect(context.getFactory(MockGreeterFactory.self).isEmpty)
    }

    @Test func unloadRemovesTheFactoryAndItsInstances() throws {
        let app = AppGreeterFactory()
        let mock = MockGreeterFactory()
        context.load(app).load(mock, priority: .high)
        let english = try #require(context.get(EnglishGreeter.self))
        context.unload(mock)
        #expect(context.get(Greeter.self)?.greeting == "Hello")
        #expect(context.getProperty("greeting.source", type: String.self) == "app")
        context.unload(app)
        #expect(app.unloadCount == 1)
        #expect(context.get(Greeter.self) == nil)
        context.load(app)
        #expect(context.get(EnglishGreeter.self) !== english)
    }

    @Test func unloadByTypeAndUnloadAll() {
        context.load([AppGreeterFactory.self, MockGreeterFactory.self])
        context.unload([AppGreeterFactory.self])
        #expect(context.get(Greeter.self)?.greeting == "Mock")
        context.unloadAll()
        #expect(context.get(Greeter.self) == nil)
        #expect(context.getProperty("greeting") == nil)
    }

    @Test func handWrittenTestModuleOverridesTheApp() {
        // Deli README §7.2: a module filled outside `load(context:)`, loaded and unloaded around tests.
        let testModule = ModuleFactory()
        testModule.register(Greeter.self) { MockGreeter() }
        context.load([AppGreeterFactory.self])
        for _ in 0..<2 {
            context.load(testModule, priority: .high)
            #expect(context.get(Greeter.self)?.greeting == "Mock")
            context.unload(testModule)
            #expect(context.get(Greeter.self)?.greeting == "Hello")
        }
    }
}
