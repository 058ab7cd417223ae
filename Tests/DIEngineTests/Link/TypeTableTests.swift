import Testing

@testable import DIEngine

/// The type table's names of extensions: most are found without the resolver (a plain name at file
/// level that names no typealias), the others through it; both must give the resolver's answer.
@Suite struct TypeTableTests {
    static func table(_ sources: [(path: String, text: String)]) -> TypeTable {
        TypeTable(
            sources: sources.map { source in
                LinkSource(
                    path: source.path, facts: Scanner.scan(bytes: Array(source.text.utf8), runtimeModule: "DIRuntime"))
            })
    }

    @Test func everyExtensionIsNamedAsTheResolverResolvesIt() throws {
        let table = Self.table([
            (
                "Types.swift",
                """
                final class DiskStore {}
                typealias Backend = DiskStore
                struct Outer {
                    typealias Inner = DiskStore
                    struct Nested {}
                }
                enum Plain {}
                """
            ),
            (
                "Extensions.swift",
                """
                extension Plain { func a() {} }
                extension Backend { func b() {} }
                extension Outer.Inner { func c() {} }
                extension Outer.Nested { func d() {} }
                extension Array<Int> { func e() {} }
                extension Unknown { func f() {} }
                """
            ),
        ])
        let resolver = NameResolver(table: table)
        let file = 1
        let names = table.typeName.names(inFile: file)
        #expect(names == ["Plain", "DiskStore", "DiskStore", "Outer.Nested", "Array<Int>", "Unknown"])
        for index in names.indices {
            let ref = DeclarationRef(file: file, index: index)
            let resolved = resolver.resolve(table[ref].name, in: table.enclosingScope[ref] ?? "").name
            #expect(names[index] == resolved, "\(table[ref].name)")
        }
        #expect(
            table.aliasExtensions == [
                DeclarationRef(file: file, index: 1): "DiskStore", DeclarationRef(file: file, index: 2): "DiskStore",
            ])
        #expect(table.entries["DiskStore"]?.extensions.count == 2)
        #expect(table.entries["Backend"] == nil)
    }

    @Test func aPlainExtensionOfANameThatIsAlsoAnAliasFollowsTheAlias() throws {
        // The alias is declared after the extension, in another file: the fast path must still see it.
        let table = Self.table([
            ("A.swift", "extension Storage { func a() {} }"),
            ("B.swift", "struct Memory {}\ntypealias Storage = Memory"),
        ])
        #expect(table.typeName.names(inFile: 0) == ["Memory"])
        #expect(table.entries["Memory"]?.extensions == [DeclarationRef(file: 0, index: 0)])
    }
}
