import Testing

@testable import DIEngine

/// The files' table names computed beforehand (`TypeTable.FileNames(of:)`, where the relink decodes the
/// interfaces) make the same table as names computed by the table itself.
@Suite struct TypeTableNamesTests {
    static let sources: [(path: String, text: String)] = [
        (
            "Types.swift",
            """
            final class DiskStore {}
            typealias Backend = DiskStore
            struct Outer {
                typealias Inner = DiskStore
                struct Nested { typealias Deep = Outer }
            }
            enum Plain {}
            """
        ),
        (
            "Extensions.swift",
            """
            extension Plain { func a() {} }
            extension Backend {
                typealias Member = Plain
                struct InBackend {}
            }
            extension Outer.Inner { func c() {} }
            extension Outer.Nested { struct Leaf {} }
            extension Array<Int> { func e() {} }
            extension Unknown { func f() {} }
            typealias Backend = Plain
            """
        ),
        ("Empty.swift", "func free() {}\n"),
        ("Again.swift", "struct Plain {}\ntypealias Inner = Outer\nextension Inner { struct Moved {} }\n"),
    ]

    /// Everything the table holds, in a comparable form.
    static func snapshot(_ table: TypeTable) -> [String] {
        var lines: [String] = []
        for name in table.entries.keys.sorted() {
            let entry = table.entries[name]!
            lines.append(
                "entry \(name) \(entry.name) \(entry.primaries) \(entry.extensions) \(String(describing: entry.kind))")
        }
        for name in table.aliases.keys.sorted() {
            let alias = table.aliases[name]!
            lines.append("alias \(name) \(alias.target) \(alias.scope) \(alias.isGeneric) \(alias.file)")
        }
        for file in table.sources.indices {
            lines.append(
                "names \(file) \(table.typeName.names(inFile: file)) \(table.enclosingScope.names(inFile: file))")
            lines.append("aliases \(file) \(table.aliasNames[file] ?? [])")
        }
        for (ref, name) in table.aliasExtensions.sorted(by: { $0.key < $1.key }) {
            lines.append("alias extension \(ref) \(name)")
        }
        return lines
    }

    @Test func namesComputedBeforehandMakeTheSameTable() throws {
        let sources = Self.sources.map { source in
            LinkSource(
                path: source.path, facts: Scanner.scan(bytes: Array(source.text.utf8), runtimeModule: "DIRuntime"))
        }
        let expected = Self.snapshot(TypeTable(sources: sources))
        #expect(expected.contains { $0.hasPrefix("alias extension") }, "the rename path is exercised")
        #expect(expected.contains("alias Backend DiskStore  false 0"), "the first declaration of an alias wins")
        let names = sources.map { TypeTable.FileNames(of: $0.facts) }
        #expect(Self.snapshot(TypeTable(sources: sources, names: names)) == expected)
        // Some files named beforehand, the others by the table.
        let some = names.indices.map { $0.isMultiple(of: 2) ? names[$0] : nil }
        #expect(Self.snapshot(TypeTable(sources: sources, names: some)) == expected)
        #expect(Self.snapshot(TypeTable(sources: sources, names: Array(names.prefix(1)))) == expected)
    }
}
