import Testing

@testable import DIEngine

/// `AliasTable` must answer as the `[String: AliasEntry]` it replaced: the first typealias of a name kept,
/// replaced names taken from the first list that has them, and removed when none has.
@Suite struct AliasTableTests {
    static func alias(_ key: String, _ target: String, scope: String = "") -> TablePart.Alias {
        TablePart.Alias(key: key, target: target, scope: scope, isGeneric: target.hasSuffix(">"))
    }

    static func describe(_ entry: AliasEntry?) -> String {
        guard let entry else { return "none" }
        return "\(entry.target) \(entry.scope) \(entry.isGeneric) \(entry.file)"
    }

    @Test func theFirstTypealiasOfANameIsKeptAndEachKeyIsGivenWithItsHash() {
        var table = AliasTable()
        var given: [String] = []
        table.addFirst([Self.alias("A", "Int"), Self.alias("S.B", "String", scope: "S")], file: 3) { key, hash in
            #expect(hash == TypeEntries.hash(of: key))
            given.append(key)
        }
        table.addFirst([Self.alias("A", "Double"), Self.alias("C", "Box<Int>")], file: 5)
        #expect(given == ["A", "S.B"])
        #expect(table.count == 3)
        #expect(Self.describe(table["A"]) == "Int  false 3")
        #expect(Self.describe(table["S.B"]) == "String S false 3")
        #expect(Self.describe(table["C"]) == "Box<Int>  true 5")
        #expect(table["B"] == nil && !table.contains("B") && table.contains("S.B"))
        #expect(table.keys.map(\.name).sorted() == ["A", "C", "S.B"])
        #expect(table.keys.allSatisfy { $0.hash == TypeEntries.hash(of: $0.name) })
    }

    @Test func replacedNamesComeFromTheFirstListThatHasThemOrAreRemoved() {
        var table = AliasTable()
        table.addFirst([Self.alias("A", "Int"), Self.alias("B", "Int"), Self.alias("C", "Int")], file: 0)
        table.replace(
            ["A", "B", "D"],
            by: [
                (file: 2, aliases: [Self.alias("B", "Float")]),
                (file: 4, aliases: [Self.alias("B", "X"), Self.alias("D", "Y")]),
            ])
        #expect(table["A"] == nil)
        #expect(Self.describe(table["B"]) == "Float  false 2")
        #expect(Self.describe(table["C"]) == "Int  false 0")
        #expect(Self.describe(table["D"]) == "Y  false 4")
        #expect(table.count == 3)
        #expect(table.keys.map(\.name).sorted() == ["B", "C", "D"])
    }

    /// Random adds and replacements from no capacity (the slots grown many times), against a dictionary.
    @Test func answersAsADictionaryOverRandomEdits() {
        var random = SystemRandomNumberGenerator()
        var table = AliasTable()
        var model: [String: AliasEntry] = [:]
        let names = (0..<3_000).map { "T\($0 % 1_200).N\($0)" } + (0..<200).map { "Plain\($0)" }
        for step in 0..<400 {
            let file = step
            if step % 7 == 6 {
                let removed = Set((0..<20).map { _ in names[Int(random.next() % UInt64(names.count))] })
                let lists = (0..<3).map { list in
                    (
                        file: file * 10 + list,
                        aliases: (0..<5).map { _ in
                            Self.alias(names[Int(random.next() % UInt64(names.count))], "R\(step)")
                        }
                    )
                }
                table.replace(removed, by: lists)
                for name in removed { model[name] = nil }
                var left = removed
                for (list, aliases) in lists {
                    for alias in aliases where left.remove(alias.key) != nil {
                        model[alias.key] = AliasEntry(target: alias.target, scope: "", isGeneric: false, file: list)
                    }
                }
            } else {
                let aliases = (0..<12).map { _ in
                    Self.alias(names[Int(random.next() % UInt64(names.count))], "S\(step)")
                }
                table.addFirst(aliases, file: file)
                for alias in aliases where model[alias.key] == nil {
                    model[alias.key] = AliasEntry(target: alias.target, scope: "", isGeneric: false, file: file)
                }
            }
        }
        #expect(table.count == model.count)
        #expect(Set(table.keys.map(\.name)) == Set(model.keys))
        for name in names { #expect(Self.describe(table[name]) == Self.describe(model[name]), "\(name)") }
    }
}
