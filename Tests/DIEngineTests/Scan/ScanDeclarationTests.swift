import Testing

@testable import DIEngine

@Suite struct ScanDeclarationTests {
    @Test func nestedTypesThreeLevelsDeepAndExtensionNamespaces() throws {
        let facts = try ScanFixture.scan("NestedTypes.swift")
        #expect(
            facts.declarations.map(\.fullName) == [
                "Outer", "Outer.Middle", "Outer.Middle.Inner", "Outer.Middle", "Outer.Middle.Sibling",
            ])
        let inner = try #require(facts.type("Outer.Middle.Inner"))
        #expect(inner.scope == ["Outer", "Middle"])
        #expect(inner.position == at(3, 21))
        #expect(inner.kind == .class && inner.isFinal)
        #expect(inner.inherited.map(\.name) == ["Component"])
        let sibling = try #require(facts.type("Outer.Middle.Sibling"))
        #expect(sibling.scope == ["Outer", "Middle"])
        #expect(sibling.position == at(14, 17))
        let extensionFact = try #require(facts.extensions(of: "Outer.Middle").first)
        #expect(extensionFact.scope == [] && extensionFact.position == at(13, 11))
        // `Local` is declared inside a function body and therefore ignored.
        #expect(facts.type("Outer.Local") == nil)
        #expect(facts.diagnostics.isEmpty)
    }

    @Test func extensionsCarryConformancesMembersAndWhereClauses() throws {
        let facts = try ScanFixture.scan("Extensions.swift")
        let extensions = facts.extensions(of: "Cache")
        #expect(extensions.count == 2)
        #expect(extensions[0].inherited.map(\.name) == ["Component"])
        #expect(extensions[0].scopeValues.map(\.value) == [.always])
        #expect(extensions[0].initializers.map(\.isConvenience) == [true])
        #expect(extensions[0].typealiases.map { "\($0.scope) \($0.name)=\($0.target)" } == ["[\"Cache\"] Key=String"])
        #expect(extensions[1].access == .public)
        #expect(extensions[1].injectMethods.map(\.access) == [.public])
        let array = try #require(facts.extensions(of: "Array").first)
        #expect(array.hasWhereClause && array.inherited.map(\.name) == ["Inject"])
        #expect(facts.diagnostics.isEmpty)
    }

    @Test func moduleQualifiedProtocolsScopesAndWrappers() throws {
        let facts = try ScanFixture.scan("ModuleQualified.swift", runtimeModule: "MyRuntime")
        #expect(facts.type("A")?.inherited.map(\.written) == ["DIRuntime.Component"])
        #expect(facts.type("A")?.inherited.map(\.name) == ["Component"])
        #expect(facts.type("B")?.inherited.map(\.name) == ["Autowired"])
        #expect(facts.type("C")?.inherited.map(\.name) == ["LazyAutowired", "Other.Component"])
        #expect(facts.type("A")?.scopeValues.map(\.value) == [.weak])
        #expect(facts.type("B")?.scopeValues.map(\.value) == [.always])
        #expect(facts.type("C")?.scopeValues.map(\.value) == [.singleton])
        let wrappers = try #require(facts.type("D")).properties.map { $0.wrappers.map(\.kind) }
        #expect(wrappers == [[.dependency], [.dependencyArray], [], []])
        // Without the configured module, `MyRuntime.` is an ordinary prefix.
        let plain = try ScanFixture.scan("ModuleQualified.swift")
        #expect(plain.type("C")?.inherited.map(\.name) == ["MyRuntime.LazyAutowired", "Other.Component"])
    }

    @Test func importsKeepTheModulePartAndTheirConditions() throws {
        let facts = try ScanFixture.scan("Conditions.swift")
        #expect(facts.imports.map(\.module) == ["UIKit", "AppKit", "Foundation"])
        #expect(
            facts.imports.map(\.conditions) == [
                ["canImport(UIKit)"], ["!(canImport(UIKit)) && (os(macOS) && DEBUG)"],
                ["!(canImport(UIKit)) && !(os(macOS) && DEBUG)"],
            ])
        #expect(facts.imports.map(\.position) == [at(2, 8), at(4, 8), at(6, 8)])
        let testable = ScanFixture.scan(source: "@testable import class A.B.C\nimport struct D.E\nstruct S {}\n")
        #expect(testable.imports.map(\.module) == ["A.B", "D"])
        #expect(testable.imports.map(\.testable) == [true, false])
    }

    @Test func everyClauseOfIfConfigIsScannedWithItsConditions() throws {
        let facts = try ScanFixture.scan("Conditions.swift")
        let alpha = try #require(facts.type("Alpha"))
        #expect(alpha.conditions == ["FEATURE_A"])
        #expect(alpha.scopeValues.map(\.value) == [.prototype, .weak, .singleton])
        #expect(
            alpha.scopeValues.map(\.conditions) == [
                ["FEATURE_A", "ALPHA_PROTOTYPE"], ["FEATURE_A", "!(ALPHA_PROTOTYPE) && (ALPHA_WEAK)"],
                ["FEATURE_A", "!(ALPHA_PROTOTYPE) && !(ALPHA_WEAK)"],
            ])
        #expect(alpha.injectCalls.map(\.conditions) == [["FEATURE_A", "TRACE"]])
        #expect(alpha.injectCalls.map(\.isEager) == [true])
    }

    @Test func unicodeIdentifiersAndEmojiCommentsKeepByteColumns() throws {
        let facts = try ScanFixture.scan("Unicode.swift")
        let cafe = try #require(facts.type("Café"))
        // `/* ünïcödé */ ` is 18 bytes, `final class ` 12 more.
        #expect(cafe.position == at(2, 31))
        #expect(cafe.properties.map(\.name) == ["名前"])
        #expect(cafe.properties.map(\.position) == [at(2, 54)])
        #expect(cafe.injectCalls.map(\.type.name) == ["Größe"])
        #expect(cafe.injectCalls.map(\.position) == [at(2, 63)])
    }

    @Test func typealiasesAtFileLevelAndInBodies() throws {
        let facts = try ScanFixture.scan("Typealiases.swift")
        #expect(facts.typealiases.map(\.name) == ["Backend", "Handler", "Erased"])
        #expect(facts.typealiases.map(\.target) == ["FileBackend", "(T)->Void", "any Logger"])
        #expect(facts.typealiases.map(\.isGeneric) == [false, true, false])
        #expect(facts.typealiases[0].position == at(1, 11))
        #expect(facts.type("MessageServiceImpl")?.typealiases.map(\.name) == ["Dep1"])
        let storage = try #require(facts.type("Storage")).typealiases
        #expect(storage.map(\.scope) == [["Storage"], ["Storage"]])
        #expect(storage.map(\.target) == ["FileBackend", "[Old]"])
        #expect(storage.map(\.conditions) == [[], ["LEGACY"]])
    }

    @Test func effectiveAccessGenericityAndProtocolDetails() throws {
        let facts = try ScanFixture.scan("Diagnostics/Registration.swift")
        #expect(facts.type("Open")?.access == .public)
        #expect(facts.type("Hidden")?.access == .private)
        let deep = try #require(facts.type("FileHidden.Inner.Deep"))
        #expect(deep.access == .fileprivate && deep.insidePrivateType == "FileHidden")
        let fromExtension = try #require(facts.type("Open.FromPrivateExtension"))
        #expect(fromExtension.access == .fileprivate && fromExtension.insidePrivateType == nil)
        #expect(facts.type("Box.Content")?.isGeneric == true)
        #expect(facts.type("Box")?.isGeneric == true)
        #expect(facts.type("Open")?.isGeneric == false)
        let withAssociated = ScanFixture.scan(source: "protocol P { associatedtype Element }\nprotocol Q {}\n")
        #expect(withAssociated.declarations.map(\.hasAssociatedType) == [true, false])
    }
}
