import Testing

@testable import DIEngine

/// `TypeEntries` must answer as the dictionary of entries it replaced.
@Suite struct TypeEntriesTests {
    static func describe(_ entry: TypeEntry?) -> String {
        guard let entry else { return "none" }
        return "\(entry.name) \(entry.primaries) \(entry.extensions) \(entry.kind.map(\.rawValue) ?? "-")"
    }

    @Test func addingDeclarationsGroupsThemByNameInInputOrder() {
        var entries = TypeEntries(minimumCapacity: 4)
        entries.add(DeclarationRef(file: 0, index: 0), named: "A", kind: .extension)
        entries.add(DeclarationRef(file: 0, index: 1), named: "B", kind: .struct)
        entries.add(DeclarationRef(file: 1, index: 0), named: "A", kind: .class)
        entries.add(DeclarationRef(file: 1, index: 1), named: "A", kind: .enum)
        entries.add(DeclarationRef(file: 2, index: 0), named: "A", kind: .extension)
        #expect(entries.count == 2)
        #expect(entries.keys.sorted() == ["A", "B"])
        let first = entries["A"]
        #expect(first?.name == "A")
        #expect(first?.primaries == [DeclarationRef(file: 1, index: 0), DeclarationRef(file: 1, index: 1)])
        #expect(first?.extensions == [DeclarationRef(file: 0, index: 0), DeclarationRef(file: 2, index: 0)])
        #expect(first?.kind == .class)
        #expect(entries["B"]?.kind == .struct)
        #expect(entries["B"]?.extensions.isEmpty == true)
        #expect(entries["C"] == nil)
    }

    @Test func anOnlyExtendedTypeHasNoKind() {
        var entries = TypeEntries()
        entries.add(DeclarationRef(file: 0, index: 0), named: "Array<Int>", kind: .extension)
        #expect(entries["Array<Int>"]?.kind == nil)
        #expect(entries["Array<Int>"]?.isDeclared == false)
    }

    @Test func setReplacesRemovesAndAddsEntries() {
        var entries = TypeEntries()
        entries.add(DeclarationRef(file: 0, index: 0), named: "A", kind: .struct)
        entries.add(DeclarationRef(file: 0, index: 1), named: "B", kind: .struct)
        var replaced = TypeEntry(name: "A")
        replaced.extensions = [DeclarationRef(file: 3, index: 0)]
        entries.set(replaced, for: "A")
        entries.set(nil, for: "B")
        entries.set(TypeEntry(name: "C"), for: "C")
        #expect(entries.keys.sorted() == ["A", "C"])
        #expect(entries["A"]?.primaries.isEmpty == true)
        #expect(entries["A"]?.extensions == [DeclarationRef(file: 3, index: 0)])
        #expect(entries["B"] == nil)
        // A removed name added again gets a fresh entry, not the removed one.
        entries.add(DeclarationRef(file: 4, index: 0), named: "B", kind: .enum)
        #expect(entries["B"]?.primaries == [DeclarationRef(file: 4, index: 0)])
        #expect(entries["B"]?.kind == .enum)
        #expect(entries.count == 3)
    }

    /// Random declarations, added and removed, against the dictionary the table used to keep.
    @Test func answersAsADictionaryOfEntries() {
        var generator = SystemRandomNumberGenerator()
        let kinds: [DeclarationKind] = [.class, .struct, .enum, .actor, .protocol, .extension]
        let names = (0..<40).map { "T\($0)" }
        var entries = TypeEntries(minimumCapacity: 16)
        var expected: [String: TypeEntry] = [:]
        for step in 0..<2_000 {
            let name = names.randomElement(using: &generator)!
            if step % 17 == 0 {
                entries.set(nil, for: name)
                expected[name] = nil
                continue
            }
            let ref = DeclarationRef(file: step, index: 0)
            let kind = kinds.randomElement(using: &generator)!
            entries.add(ref, named: name, kind: kind)
            if kind == .extension {
                expected[name, default: TypeEntry(name: name)].extensions.append(ref)
            } else {
                expected[name, default: TypeEntry(name: name)].addPrimary(ref, kind: kind)
            }
        }
        #expect(entries.keys.sorted() == expected.keys.sorted())
        for name in names { #expect(Self.describe(entries[name]) == Self.describe(expected[name])) }
    }
}
