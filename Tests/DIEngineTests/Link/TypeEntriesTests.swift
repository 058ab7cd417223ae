import Testing

@testable import DIEngine

/// `TypeEntries` must answer as the dictionary of entries it replaced.
@Suite struct TypeEntriesTests {
    static func describe(_ entry: TypeEntry?) -> String {
        guard let entry else { return "none" }
        return "\(entry.name) \(Array(entry.primaries)) \(Array(entry.extensions)) \(entry.kind.map(\.rawValue) ?? "-")"
    }

    /// The table's two passes over `declarations`, in order.
    static func entries(_ declarations: [(DeclarationRef, String, DeclarationKind)]) -> TypeEntries {
        var entries = TypeEntries(minimumCapacity: declarations.count)
        let slots = declarations.map { entries.count(named: $0.1, kind: $0.2) }
        entries.allocatePlaces()
        for (declaration, slot) in zip(declarations, slots) { entries.place(declaration.0, inSlot: slot) }
        return entries
    }

    static func ref(_ file: Int, _ index: Int = 0) -> DeclarationRef { DeclarationRef(file: file, index: index) }

    @Test func addingDeclarationsGroupsThemByNameInInputOrder() {
        let entries = Self.entries([
            (Self.ref(0, 0), "A", .extension), (Self.ref(0, 1), "B", .struct), (Self.ref(1, 0), "A", .class),
            (Self.ref(1, 1), "A", .enum), (Self.ref(2, 0), "A", .extension),
        ])
        #expect(entries.count == 2)
        #expect(entries.keys.sorted() == ["A", "B"])
        let first = entries["A"]
        #expect(first?.name == "A")
        #expect(first?.primaries == [Self.ref(1, 0), Self.ref(1, 1)])
        #expect(first?.extensions == [Self.ref(0, 0), Self.ref(2, 0)])
        #expect(
            first.map { Array($0.declarations) } == [Self.ref(1, 0), Self.ref(1, 1), Self.ref(0, 0), Self.ref(2, 0)])
        #expect(first?.kind == .class)
        #expect(entries["B"]?.kind == .struct)
        #expect(entries["B"]?.extensions.isEmpty == true)
        #expect(entries["C"] == nil)
    }

    @Test func anOnlyExtendedTypeHasNoKind() {
        let entries = Self.entries([(Self.ref(0), "Array<Int>", .extension)])
        #expect(entries["Array<Int>"]?.kind == nil)
        #expect(entries["Array<Int>"]?.isDeclared == false)
    }

    @Test func setReplacesRemovesAndAddsEntries() {
        var entries = Self.entries([(Self.ref(0, 0), "A", .struct), (Self.ref(0, 1), "B", .struct)])
        var replaced = TypeEntry(name: "A")
        replaced.extensions = [Self.ref(3)]
        entries.set(replaced, for: "A")
        entries.set(nil, for: "B")
        entries.set(TypeEntry(name: "C"), for: "C")
        #expect(entries.keys.sorted() == ["A", "C"])
        #expect(entries["A"]?.primaries.isEmpty == true)
        #expect(entries["A"]?.extensions == [Self.ref(3)])
        #expect(entries["B"] == nil)
        // A removed name set again gets a fresh entry, not the removed one.
        var again = TypeEntry(name: "B")
        again.primaries = [Self.ref(4)]
        again.kind = .enum
        entries.set(again, for: "B")
        #expect(entries["B"]?.primaries == [Self.ref(4)])
        #expect(entries["B"]?.kind == .enum)
        #expect(entries.count == 3)
    }

    /// Own declarations and extensions set separately keep their order and their own counts.
    @Test func anEntrysListsChangeIndependently() {
        var entry = TypeEntry(name: "A")
        entry.extensions = [Self.ref(2), Self.ref(5)]
        entry.primaries = [Self.ref(1)]
        entry.extensions.insert(Self.ref(3), at: entry.extensions.index(after: entry.extensions.startIndex))
        entry.primaries.removeAll { $0 == Self.ref(1) }
        #expect(entry.primaries.isEmpty)
        #expect(entry.isDeclared == false)
        #expect(entry.extensions == [Self.ref(2), Self.ref(3), Self.ref(5)])
        #expect(Array(entry.declarations) == [Self.ref(2), Self.ref(3), Self.ref(5)])
    }

    /// Random declarations, then entries replaced and removed, against the dictionary the table used to keep.
    @Test func answersAsADictionaryOfEntries() {
        var generator = SystemRandomNumberGenerator()
        let kinds: [DeclarationKind] = [.class, .struct, .enum, .actor, .protocol, .extension]
        let names = (0..<40).map { "T\($0)" }
        var declarations: [(DeclarationRef, String, DeclarationKind)] = []
        var expected: [String: (primaries: [DeclarationRef], extensions: [DeclarationRef], kind: DeclarationKind?)] =
            [:]
        for step in 0..<2_000 {
            let name = names.randomElement(using: &generator)!
            let kind = kinds.randomElement(using: &generator)!
            declarations.append((Self.ref(step / 3, step % 3), name, kind))
            var entry = expected[name] ?? ([], [], nil)
            if kind == .extension {
                entry.extensions.append(Self.ref(step / 3, step % 3))
            } else {
                entry.primaries.append(Self.ref(step / 3, step % 3))
                if entry.kind == nil { entry.kind = kind }
            }
            expected[name] = entry
        }
        var entries = Self.entries(declarations)
        func describe(_ name: String) -> String {
            guard let entry = expected[name] else { return "none" }
            return "\(name) \(entry.primaries) \(entry.extensions) \(entry.kind.map(\.rawValue) ?? "-")"
        }
        #expect(entries.keys.sorted() == expected.keys.sorted())
        for name in names { #expect(Self.describe(entries[name]) == describe(name)) }
        for step in 0..<200 {
            let name = names.randomElement(using: &generator)!
            guard step % 3 != 0 else {
                entries.set(nil, for: name)
                expected[name] = nil
                continue
            }
            var entry = entries[name] ?? TypeEntry(name: name)
            entry.extensions.append(Self.ref(10_000 + step))
            entries.set(entry, for: name)
            expected[name, default: ([], [], nil)].extensions.append(Self.ref(10_000 + step))
        }
        #expect(entries.keys.sorted() == expected.keys.sorted())
        for name in names { #expect(Self.describe(entries[name]) == describe(name)) }
    }

    /// Built without a capacity, the table grows many times while names are counted and set; names removed
    /// and set again are found past the removed ones, and every name keeps its own entry.
    @Test func growingKeepsEveryName() {
        var entries = TypeEntries()
        var expected: [String: Int] = [:]
        for index in 0..<5_000 {
            let name = index % 7 == 0 ? "Outer\(index % 50).Inner\(index)" : "T\(index % 3_000)"
            _ = entries.count(named: name, kind: index % 4 == 0 ? .extension : .class)
            expected[name, default: 0] += 1
        }
        entries.allocatePlaces()
        #expect(entries.count == expected.count)
        #expect(entries.keys.sorted() == expected.keys.sorted())
        for index in stride(from: 0, to: 3_000, by: 2) { entries.set(nil, for: "T\(index)") }
        for index in 0..<2_000 {
            var entry = TypeEntry(name: "New\(index)")
            entry.primaries = [Self.ref(index)]
            entries.set(entry, for: "New\(index)")
        }
        for index in stride(from: 0, to: 3_000, by: 4) { entries.set(TypeEntry(name: "T\(index)"), for: "T\(index)") }
        var names = Set(expected.keys).subtracting(stride(from: 0, to: 3_000, by: 2).map { "T\($0)" })
        names.formUnion((0..<2_000).map { "New\($0)" })
        names.formUnion(stride(from: 0, to: 3_000, by: 4).map { "T\($0)" })
        #expect(entries.count == names.count)
        #expect(entries.keys.sorted() == names.sorted())
        for name in names { #expect(entries[name]?.name == name) }
        for index in stride(from: 2, to: 3_000, by: 4) { #expect(entries["T\(index)"] == nil) }
        #expect(entries["New7"]?.primaries == [Self.ref(7)])
    }

    /// Counted from positions in a names column (`useColumn`, the table image's), mixed with names given as
    /// strings (the edited file's), and grown from no capacity, the entries answer as ones counted from the
    /// strings alone: the same keys, names, declarations and kinds, also after entries are set and removed.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func entriesCountedFromAColumnAnswerAsOnesCountedFromStrings(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let kinds: [DeclarationKind] = [.class, .struct, .enum, .protocol, .extension, .extension]
        let pool = (0..<300).map { $0 % 5 == 0 ? "Outer\($0 % 40).AVeryLongNestedTypeName\($0)" : "T\($0)" }
        let column = (0..<3_000).map { _ in pool.randomElement(using: &random)! }
        var fromColumn = TypeEntries()
        fromColumn.useColumn(column)
        var fromStrings = TypeEntries()
        var declarations: [(ref: DeclarationRef, slots: (UInt32, UInt32))] = []
        var position = 0
        var file = 0
        while position < column.count {
            // A file's names from the column, or (one file in five) names of its own.
            let count = min(Int.random(in: 0...9, using: &random), column.count - position)
            let own = Int.random(in: 0..<5, using: &random) == 0
            for index in 0..<count {
                let name = own ? pool.randomElement(using: &random)! : column[position + index]
                let kind = kinds.randomElement(using: &random)!
                let hash = TypeEntries.hash(of: name)
                let slot =
                    own
                    ? fromColumn.count(named: name, hash: hash, kind: kind)
                    : fromColumn.count(inColumnAt: position + index, hash: hash, kind: kind)
                declarations.append(
                    (DeclarationRef(file: file, index: index), (slot, fromStrings.count(named: name, kind: kind))))
            }
            if !own { position += count }
            file += 1
        }
        fromColumn.allocatePlaces()
        fromStrings.allocatePlaces()
        for declaration in declarations {
            fromColumn.place(declaration.ref, inSlot: declaration.slots.0)
            fromStrings.place(declaration.ref, inSlot: declaration.slots.1)
        }
        for step in 0..<100 {
            let name = step % 4 == 0 ? "Added\(step)" : pool.randomElement(using: &random)!
            var entry: TypeEntry? = step % 3 == 0 ? nil : (fromStrings[name] ?? TypeEntry(name: name))
            entry?.extensions.append(DeclarationRef(file: 10_000 + step, index: 0))
            fromColumn.set(entry, for: name)
            fromStrings.set(entry, for: name)
        }
        #expect(fromColumn.count == fromStrings.count)
        #expect(fromColumn.keys.sorted() == fromStrings.keys.sorted())
        for name in pool + (0..<100).map({ "Added\($0)" }) {
            #expect(Self.describe(fromColumn[name]) == Self.describe(fromStrings[name]), "\(name)")
        }
    }
}
