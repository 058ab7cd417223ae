import Testing

@testable import DIEngine

/// `TypeLinkUnit.isReusable` must answer as comparing the unit's files with `TypeLinkUnit.files(of:in:)`
/// and asking whether each declaration's file is unchanged, which it replaced.
@Suite struct TypeLinkUnitReuseTests {
    /// Four files; `A` is declared in files 0 and 2 and extended in 1, 2 and 3, `B` only in file 1.
    let table: TypeTable = {
        func declaration(_ kind: DeclarationKind, _ name: String) -> DeclarationFact {
            DeclarationFact(
                kind: kind, name: name, scope: [], position: SourcePosition(line: 1, column: 1), access: .internal)
        }
        let declarations: [[DeclarationFact]] = [
            [declaration(.class, "A")],
            [declaration(.extension, "A"), declaration(.struct, "B")],
            [declaration(.extension, "A"), declaration(.class, "A")],
            [declaration(.extension, "A")],
        ]
        return TypeTable(
            sources: declarations.indices.map { file in
                var facts = FileFacts()
                facts.declarations = declarations[file]
                return LinkSource(path: "Sources/File\(file).swift", facts: facts)
            })
    }()

    static func unit(files: [String]) -> TypeLinkUnit {
        TypeLinkUnit(typeName: "A", files: files, reads: [], pending: [], configurationFiles: [], diagnostics: [])
    }

    func expected(_ unit: TypeLinkUnit, _ entry: TypeEntry, changed: Set<Int>) -> Bool {
        unit.files == TypeLinkUnit.files(of: entry, in: table)
            && entry.declarations.allSatisfy { !changed.contains($0.file) }
    }

    @Test func reusableWhenItsFilesAreTheEntrysInOrderAndUnchanged() throws {
        let entry = try #require(table.entries["A"])
        let files = TypeLinkUnit.files(of: entry, in: table)
        #expect(files == ["Sources/File0.swift", "Sources/File2.swift", "Sources/File1.swift", "Sources/File3.swift"])
        #expect(TypeLinkUnit.isReusable(Self.unit(files: files), for: entry, in: table) { _ in true })
        #expect(!TypeLinkUnit.isReusable(Self.unit(files: files), for: entry, in: table) { $0 != 3 })
        #expect(
            !TypeLinkUnit.isReusable(Self.unit(files: Array(files.dropLast())), for: entry, in: table) { _ in true })
        #expect(
            !TypeLinkUnit.isReusable(Self.unit(files: files + ["Sources/File4.swift"]), for: entry, in: table) { _ in
                true
            })
    }

    /// Every file list of up to five of the paths (repeats included) and every set of changed files.
    @Test func answersAsComparingTheListOfFiles() throws {
        let paths = (0..<5).map { "Sources/File\($0).swift" }
        var lists: [[String]] = [[]]
        var frontier: [[String]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { list in paths.map { list + [$0] } }
            lists += frontier
        }
        for name in ["A", "B"] {
            let entry = try #require(table.entries[name])
            for changedMask in 0..<16 {
                let changed = Set((0..<4).filter { changedMask & (1 << $0) != 0 })
                var asked: [Int] = []
                for files in lists {
                    let unit = Self.unit(files: files)
                    let reusable = TypeLinkUnit.isReusable(unit, for: entry, in: table) { file in
                        asked.append(file)
                        return !changed.contains(file)
                    }
                    #expect(reusable == expected(unit, entry, changed: changed), "\(name) \(files) \(changed)")
                }
                #expect(asked.allSatisfy { $0 < 4 })
            }
        }
    }
}
