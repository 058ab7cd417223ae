import Testing

@testable import DIEngine

/// `TypeRegistrar.roles` reads each declaration once; its answer must be the protocol listed first in the
/// order of each type's declarations (own declarations, then extensions, each in input order).
@Suite struct TypeRegistrarRolesTests {
    /// The definition: every declaration of every entry, in `TypeEntry.declarations` order.
    static func rolesByDefinition(_ table: TypeTable) -> [String: RegistrationKind] {
        var roles: [String: RegistrationKind] = [:]
        for name in table.entries.keys {
            for ref in table.entries[name]?.declarations ?? [] {
                if let kind = table[ref].inherited.lazy.compactMap({ LinkNames.registrationKinds[$0.name] }).first {
                    roles[name] = kind
                    break
                }
            }
        }
        return roles
    }

    static func roles(_ sources: [(path: String, text: String)]) -> (
        found: [String: RegistrationKind], table: TypeTable
    ) {
        let table = TypeTableTests.table(sources)
        let files = table.sources.indices.filter { table.sources[$0].facts.mayRegisterOrDepend }
        return (TypeRegistrar.roles(in: table, files: files), table)
    }

    @Test func anOwnDeclarationInALaterFileWinsOverAnEarlierExtension() {
        let (found, table) = Self.roles([
            ("A.swift", "import DIRuntime\nextension Store: LazyAutowired {}\nenum Plain: Equatable {}"),
            ("B.swift", "import DIRuntime\nfinal class Store: Autowired {\n    init() {}\n}"),
            ("C.swift", "import DIRuntime\nextension Store: Component {}"),
        ])
        #expect(found == ["Store": .autowired])
        #expect(found == Self.rolesByDefinition(table))
    }

    @Test func extensionsAloneGiveTheRoleOfTheFirstInInputOrder() {
        let (found, table) = Self.roles([
            ("A.swift", "final class Cache {}\nstruct Settings {}"),
            ("B.swift", "import DIRuntime\nextension Cache: Equatable, Component {}"),
            ("C.swift", "import DIRuntime\nextension Cache: LazyAutowired {}\nextension Settings: Configuration {}"),
        ])
        #expect(found == ["Cache": .component, "Settings": .configuration])
        #expect(found == Self.rolesByDefinition(table))
    }

    @Test func variantsInIfBranchesAndExtensionsThroughAliasesAnswerAsTheDefinition() {
        let (found, table) = Self.roles([
            (
                "Types.swift",
                """
                import DIRuntime
                #if DEBUG
                final class Service: Component {}
                #else
                final class Service: Autowired {}
                #endif
                final class DiskStore {}
                typealias Backend = DiskStore
                struct Outer {
                    final class Inner: AutowiredFactory {}
                }
                """
            ),
            (
                "Extensions.swift",
                "import DIRuntime\nextension Backend: LazyAutowired {}\nextension Outer.Inner: Component {}"
            ),
        ])
        #expect(found == ["Service": .component, "DiskStore": .lazyAutowired, "Outer.Inner": .factory])
        #expect(found == Self.rolesByDefinition(table))
    }
}
