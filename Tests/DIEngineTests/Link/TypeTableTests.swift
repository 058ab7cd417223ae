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

    /// Long components (prefixes past a small string's 15 bytes, looked up as new strings) and names that
    /// share their first component with a member typealias (`AliasHeads` lets them through) or not.
    @Test func longDottedExtensionsAreNamedAsTheResolverResolvesThem() throws {
        let table = Self.table([
            (
                "Types.swift",
                """
                final class PersistentDiskStorage { struct CompositeKey { struct Part {} } }
                enum ApplicationNamespace {
                    typealias PreferredBackend = PersistentDiskStorage
                    struct UnrelatedNestedType { struct Deeper {} }
                }
                enum OtherNamespaceWithoutAliases { struct Thing {} }
                typealias TopLevelStorageAlias = ApplicationNamespace
                """
            ),
            (
                "Extensions.swift",
                """
                extension ApplicationNamespace.PreferredBackend.CompositeKey { func a() {} }
                extension ApplicationNamespace.UnrelatedNestedType.Deeper { func b() {} }
                extension OtherNamespaceWithoutAliases.Thing { func c() {} }
                extension TopLevelStorageAlias.UnrelatedNestedType { func d() {} }
                extension ApplicationNamespace.PreferredBackend { func e() {} }
                """
            ),
        ])
        let resolver = NameResolver(table: table)
        let file = 1
        let names = table.typeName.names(inFile: file)
        #expect(
            names == [
                "PersistentDiskStorage.CompositeKey", "ApplicationNamespace.UnrelatedNestedType.Deeper",
                "OtherNamespaceWithoutAliases.Thing", "ApplicationNamespace.UnrelatedNestedType",
                "PersistentDiskStorage",
            ])
        for index in names.indices {
            let ref = DeclarationRef(file: file, index: index)
            let resolved = resolver.resolve(table[ref].name, in: table.enclosingScope[ref] ?? "").name
            #expect(names[index] == resolved, "\(table[ref].name)")
        }
        #expect(table.aliasNames(ofFile: 0) == ["ApplicationNamespace.PreferredBackend", "TopLevelStorageAlias"])
        #expect(table.aliasNames(ofFile: 1) == nil)
    }

    /// Dotted extensions are named without the resolver when no prefix is a typealias: the names must be
    /// the resolver's, whichever prefix (first, middle, last) is an alias.
    @Test func dottedExtensionsAreNamedAsTheResolverResolvesThem() throws {
        let table = Self.table([
            (
                "Types.swift",
                """
                final class DiskStore { struct Key { struct Part {} } }
                typealias Backend = DiskStore
                struct Outer {
                    typealias Inner = DiskStore
                    struct Nested { typealias Leaf = Outer; struct Deeper {} }
                }
                """
            ),
            (
                "Extensions.swift",
                """
                extension Backend.Key { func a() {} }
                extension Backend.Key.Part { func b() {} }
                extension Outer.Inner.Key { func c() {} }
                extension Outer.Nested.Deeper { func d() {} }
                extension Outer.Nested.Leaf { func e() {} }
                extension Unknown.Name.Deep { func f() {} }
                extension Outer.Nested { func g() {} }
                extension Dictionary<String, Int>.Keys { func h() {} }
                """
            ),
        ])
        let resolver = NameResolver(table: table)
        let file = 1
        let names = table.typeName.names(inFile: file)
        #expect(
            names == [
                "DiskStore.Key", "DiskStore.Key.Part", "DiskStore.Key", "Outer.Nested.Deeper", "Outer",
                "Unknown.Name.Deep", "Outer.Nested", "Dictionary<String,Int>.Keys",
            ])
        for index in names.indices {
            let ref = DeclarationRef(file: file, index: index)
            let resolved = resolver.resolve(table[ref].name, in: table.enclosingScope[ref] ?? "").name
            #expect(names[index] == resolved, "\(table[ref].name)")
        }
    }

    /// Files with every declaration at file level keep no scopes; the files around them, renamed through a
    /// typealias or not, keep theirs at the right declarations.
    @Test func onlyFilesWithNestedDeclarationsKeepScopes() throws {
        let table = Self.table([
            ("A.swift", "struct Memory {}\ntypealias Store = Memory\nextension Memory {}"),
            ("B.swift", "extension Store { struct Inner {} }\nstruct Outer { enum Key {} }"),
            ("C.swift", "enum Plain {}"),
            ("D.swift", "struct Last { struct Deep { class Deeper {} } }\nextension Last.Deep {}"),
        ])
        func scopes(_ file: Int) -> [String] {
            table.typeName.names(inFile: file).indices.map {
                table.enclosingScope[DeclarationRef(file: file, index: $0)] ?? ""
            }
        }
        #expect(table.enclosingScope.names(inFile: 0).isEmpty)
        #expect(table.enclosingScope.names(inFile: 2).isEmpty)
        #expect(scopes(0) == ["", ""])
        #expect(table.typeName.names(inFile: 1) == ["Memory", "Memory.Inner", "Outer", "Outer.Key"])
        #expect(scopes(1) == ["", "Memory", "", "Outer"])
        #expect(scopes(2) == [""])
        #expect(scopes(3) == ["", "Last", "Last.Deep", ""])
        #expect(table.entries["Last.Deep"]?.extensions == [DeclarationRef(file: 3, index: 3)])
    }
}

/// Extensions through typealiases rename their file's declarations after the first build: the table must
/// be the one a build with those names from the start would give.
@Suite struct TypeTableAliasExtensionTests {
    @Test func anAliasExtensionMovesItsMembersAndAliasesToTheExtendedType() throws {
        let table = TypeTableTests.table([
            (
                "A.swift",
                """
                extension Backend {
                    struct Inner {}
                    typealias Key = String
                }
                extension Backend: Equatable {}
                """
            ),
            (
                "B.swift",
                """
                final class DiskStore {}
                typealias Backend = DiskStore
                extension DiskStore { typealias Key = Int }
                """
            ),
        ])
        #expect(table.typeName.names(inFile: 0) == ["DiskStore", "DiskStore.Inner", "DiskStore"])
        #expect(table.enclosingScope.names(inFile: 0) == ["", "DiskStore", ""])
        let store = try #require(table.entries["DiskStore"])
        #expect(store.primaries == [DeclarationRef(file: 1, index: 0)])
        #expect(
            store.extensions == [
                DeclarationRef(file: 0, index: 0), DeclarationRef(file: 0, index: 2), DeclarationRef(file: 1, index: 1),
            ])
        #expect(store.kind == .class)
        #expect(table.entries["Backend"] == nil)
        #expect(table.entries["Backend.Inner"] == nil)
        #expect(table.entries["DiskStore.Inner"]?.kind == .struct)
        #expect(table.entries["DiskStore.Inner"]?.primaries == [DeclarationRef(file: 0, index: 1)])
        // The first declaration of `DiskStore.Key` is the extension's, in the earlier file.
        #expect(table.aliasNames[0] == ["DiskStore.Key"])
        #expect(table.aliasNames[1] == ["DiskStore.Key", "Backend"])
        #expect(table.aliases["DiskStore.Key"]?.target == "String")
        #expect(table.aliases["DiskStore.Key"]?.file == 0)
        #expect(table.aliases["Backend.Key"] == nil)
        #expect(table.aliasExtensions.count == 2)
    }

    @Test func anAliasExtensionLeavesAnEntryOnlyItsOwnDeclarationsMade() throws {
        let table = TypeTableTests.table([
            ("A.swift", "final class Memory {}\ntypealias Store = Memory"),
            ("B.swift", "extension Store { struct Inner {} }\nstruct Store2 {}"),
        ])
        #expect(table.entries.keys.sorted() == ["Memory", "Memory.Inner", "Store2"])
        #expect(table.entries["Memory"]?.extensions == [DeclarationRef(file: 1, index: 0)])
        #expect(table.entries["Memory"]?.kind == .class)
    }
}
