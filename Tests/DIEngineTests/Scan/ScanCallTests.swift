import Testing

@testable import DIEngine

@Suite struct ScanCallTests {
    @Test func injectCallsAreEagerOnlyWhileConstructing() throws {
        let facts = try ScanFixture.scan("Calls.swift")
        let calls = try #require(facts.type("Screen")).injectCalls
        let expected: [(String, Bool)] = [
            ("Stored", true), ("Observed", true), ("DidSet", false), ("LazyValue", false), ("Shared", false),
            ("InClosure", false), ("Computed", false), ("InAttribute", true), ("InStaticAttribute", false),
            ("DefaultValue", false), ("InInit", true), ("InInitClosure", false), ("Helper", false),
            ("SelfQualified", true), ("TypeQualified", true), ("Book", true), ("Magazine", true),
            ("Inner.Nested", true), ("Logger", true), ("InMethod", false), ("InSubscript", false),
            ("InDeinit", false),
        ]
        #expect(calls.map(\.type.name) == expected.map(\.0))
        #expect(calls.map(\.isEager) == expected.map(\.1))
        #expect(facts.diagnostics.isEmpty)
    }

    @Test func injectArgumentsAndCalleePositions() throws {
        let calls = try #require(try ScanFixture.scan("Calls.swift").type("Screen")).injectCalls
        let byName = Dictionary(calls.map { ($0.type.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["Stored"]?.position == at(2, 18))
        #expect(byName["SelfQualified"]?.position == at(14, 9))
        #expect(byName["TypeQualified"]?.position == at(15, 9))
        #expect(byName["TypeQualified"]?.qualifier == nil)
        #expect(byName["Book"]?.type == TypeReference(written: "[Book]", name: "Book", isArray: true))
        #expect(byName["Book"]?.qualifier == "Novel")
        #expect(byName["Magazine"]?.type.isArray == true)
        #expect(byName["Magazine"]?.hasPayload == true)
        #expect(byName["Stored"]?.hasPayload == false)
        #expect(byName["Inner.Nested"]?.qualifierBy == "a.b")
        #expect(byName["Logger"]?.type.written == "(any Logger)")
    }

    @Test func callsInNestedTypesBelongToTheInnermostDeclaration() throws {
        let facts = try ScanFixture.scan("Calls.swift")
        let nested = try #require(facts.type("Screen.NestedView"))
        #expect(nested.injectCalls.map(\.type.name) == ["NestedValue"])
        #expect(nested.injectPropertyCalls.map(\.path) == ["server.url"])
        #expect(nested.injectPropertyCalls.map(\.position) == [at(26, 35)])
        #expect(!(facts.type("Screen")?.injectCalls.contains { $0.type.name == "Global" } ?? true))
    }

    @Test func configCallsWithDependenciesQualifierScopeAndInnerInjects() throws {
        let facts = try ScanFixture.scan("ConfigCalls.swift")
        let configuration = try #require(facts.type("NetworkConfiguration"))
        let calls = configuration.configCalls
        #expect(calls.map(\.propertyName) == ["session", "client", "lazyClient"])
        #expect(calls.map(\.type.name) == ["URLSession", "APIClient", "LazyClient"])
        #expect(calls.map { $0.dependencies.map(\.name) } == [[], ["URLSession"], []])
        #expect(calls[1].dependencyPositions == [at(3, 41)])
        #expect(calls.map(\.qualifier) == ["", "main", ""])
        #expect(calls.map(\.scope) == [.singleton, .prototype, .weak])
        #expect(calls.map(\.position) == [at(2, 19), at(3, 18), at(6, 27)])
        let token = try #require(configuration.injectCalls.first)
        #expect(token.type.name == "TokenStore" && token.insideConfigProperty == "client" && token.isEager)
        // A user type called `Config` is not a DI call: no fact without `T.self`, and no diagnostics.
        #expect(facts.type("Settings")?.configCalls.map(\.propertyName) == ["other"])
        #expect(facts.diagnostics.isEmpty)
    }

    @Test func propertyWrappersWithArgumentsOnInstanceAndStaticProperties() throws {
        let facts = try ScanFixture.scan("Wrappers.swift")
        let properties = try #require(facts.type("SettingsScreen")).properties
        let wrappers = properties.map(\.wrappers)
        #expect(
            wrappers.map { $0.map(\.kind) } == [
                [.dependency], [.dependency], [.dependencyArray], [.propertyValue], [.dependency], [.dependency], [],
            ])
        #expect(wrappers[1].first?.qualifierBy == "logger.storage")
        #expect(wrappers[2].first?.qualifier == "Novel")
        #expect(wrappers[3].first?.propertyPath == "server.url")
        #expect(wrappers[4].first?.qualifier == nil && properties[4].isStatic)
        #expect(wrappers[5].first?.qualifier == "q")
        #expect(properties[5].type?.name == "Qualified")
        #expect(
            wrappers.compactMap(\.first?.position) == [at(2, 5), at(3, 5), at(4, 5), at(5, 5), at(6, 16), at(7, 5)])
        #expect(wrappers.allSatisfy { $0.allSatisfy(\.isValid) })
        #expect(facts.diagnostics.isEmpty)
    }
}
