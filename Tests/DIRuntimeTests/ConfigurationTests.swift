import DIRuntime
import Testing

final class Part {
    let weight: Int
    init(weight: Int) { self.weight = weight }
}

final class Assembly {
    let parts: [Part]
    init(_ parts: Part...) { self.parts = parts }
}

final class WorkshopConfiguration: Configuration {
    let part = Config(Part.self) { Part(weight: 2) }
    let pair = Config(Assembly.self, Part.self, Part.self, qualifier: "pair", scope: .prototype) { Assembly($0, $1) }
    let nine = Config(
        Assembly.self, Part.self, Part.self, Part.self, Part.self, Part.self, Part.self, Part.self, Part.self,
        Part.self,
        qualifier: "nine"
    ) { a, b, c, d, e, f, g, h, i in Assembly(a, b, c, d, e, f, g, h, i) }
    init() {}
}

final class WorkshopFactory: ModuleFactory {
    override func load(context: AppContext) {
        loadProperty([:])

        register(
            Assembly.self,
            resolver: {
                let parent = context.get(WorkshopConfiguration.self, qualifier: "")!
                return parent.nine()
            },
            qualifier: "nine",
            scope: .singleton
        )
        register(
            Assembly.self,
            resolver: {
                let parent = context.get(WorkshopConfiguration.self, qualifier: "")!
                return parent.pair()
            },
            qualifier: "pair",
            scope: .prototype
        )
        register(
            Part.self,
            resolver: {
                let parent = context.get(WorkshopConfiguration.self, qualifier: "")!
                return parent.part()
            },
            qualifier: "",
            scope: .singleton
        )
        register(
            WorkshopConfiguration.self,
            resolver: {
                return WorkshopConfiguration()
            },
            qualifier: "",
            scope: .singleton
        )
    }
}

@Suite struct ConfigurationTests {
    let context = AppContext()

    init() {
        context.load([WorkshopFactory.self])
    }

    @Test func configResolvesItsDependenciesFromTheResolvingContext() throws {
        let part = try #require(context.get(Part.self))
        let pair = try #require(context.get(Assembly.self, qualifier: "pair"))
        #expect(pair.parts.count == 2 && pair.parts.allSatisfy { $0 === part })
        #expect(context.get(Assembly.self, qualifier: "pair") !== pair)
    }

    @Test func configTakesUpToNineDependencies() throws {
        let nine = try #require(context.get(Assembly.self, qualifier: "nine"))
        #expect(nine.parts.map(\.weight) == Array(repeating: 2, count: 9))
        #expect(context.get(Assembly.self, qualifier: "nine") === nine)
        // Unqualified: the first of Assembly's chain (both are qualified, so both are in it).
        #expect(context.get(Assembly.self) === nine)
    }
}
