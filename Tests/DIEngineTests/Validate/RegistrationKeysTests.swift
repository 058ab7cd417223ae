import Testing

@testable import DIEngine

/// The key table the validation shares against the exact-key index and the first-index table it replaces.
@Suite struct RegistrationKeysTests {
    private static func randomRegistrations(
        _ count: Int, kind: RegistrationKind, _ generator: inout some RandomNumberGenerator
    ) -> [Registration] {
        (0..<count).map { line in
            var registration = Registration(
                id: RegistrationID(
                    typeName: ["A", "B", "C", "D"].randomElement(using: &generator)!,
                    qualifier: ["", "x"].randomElement(using: &generator)!),
                kind: Bool.random(using: &generator) ? .factory : kind, scope: .singleton,
                location: kind == .imported ? nil : SourceLocation(path: "F.swift", line: line + 1, column: 1))
            registration.importedIsFactory = kind == .imported && Bool.random(using: &generator)
            return registration
        }
    }

    @Test func keysCountWhatTheExactIndexFindsAndNameTheFirstLocalRegistration() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            var graph = LinkedGraph()
            graph.registrations = Self.randomRegistrations(
                Int.random(in: 0...12, using: &generator), kind: .component, &generator)
            graph.importedRegistrations = Self.randomRegistrations(
                Int.random(in: 0...6, using: &generator), kind: .imported, &generator)
            let keys = RegistrationKeys(graph: graph)
            let index = CandidateIndex(graph: graph, indexingNames: false)
            for typeName in ["A", "B", "C", "D", "E"] {
                for qualifier in ["", "x", "y"] {
                    let id = RegistrationID(typeName: typeName, qualifier: qualifier)
                    let entries = index.exactMatches(id)
                    #expect(Int(keys[id]?.count ?? 0) == entries.count)
                    #expect(Int(keys[id]?.factories ?? 0) == entries.filter(\.isFactory).count)
                    #expect(keys.firstLocal(id) == graph.registrations.firstIndex { $0.id == id })
                }
            }
        }
    }

    @Test func everyRepeatedKeyIsADuplicateOfItsFirstRegistration() {
        var graph = LinkedGraph()
        let locations = (1...4).map { SourceLocation(path: "F.swift", line: $0, column: 1) }
        let ids = ["A", "B", "A", "A"].map { RegistrationID(typeName: $0, qualifier: "") }
        graph.registrations = zip(ids, locations).map { id, location in
            Registration(id: id, kind: .component, scope: .singleton, location: location)
        }
        // Only imported: no local registration to be a duplicate of.
        graph.importedRegistrations = [Registration(id: ids[1], kind: .imported, scope: .singleton)]
        let diagnostics = DuplicateRegistrations.check(graph)
        #expect(diagnostics.map(\.location) == [locations[2], locations[3]])
        #expect(diagnostics.map { $0.notes.map(\.location) } == [[locations[0]], [locations[0]]])
    }

    /// Keys and look-ups over names that are not ASCII, among them the Kelvin sign (U+212A), which `String`
    /// equality takes for `K`: the table of ASCII keys answers a look-up it cannot hash by bytes, and a
    /// table with such a key answers every look-up, as the exact-key index does.
    @Test func namesThatAreNotASCIIFindTheirCanonicallyEqualKeys() {
        var generator = SeededGenerator(seed: 23)
        let names = ["K", "\u{212A}", "B", "Bé", "Be\u{301}", "", "LongerTypeNameThanFifteenBytes"]
        let qualifiers = ["", "k", "\u{212A}"]
        for round in 0..<300 {
            // Half of the graphs with ASCII keys only, so that both tables are taken.
            let keyNames = round % 2 == 0 ? ["K", "B", "", "LongerTypeNameThanFifteenBytes"] : names
            let keyQualifiers = round % 2 == 0 ? ["", "k"] : qualifiers
            var graph = LinkedGraph()
            graph.registrations = (0..<Int.random(in: 0...10, using: &generator)).map { line in
                Registration(
                    id: RegistrationID(
                        typeName: keyNames.randomElement(using: &generator)!,
                        qualifier: keyQualifiers.randomElement(using: &generator)!),
                    kind: Bool.random(using: &generator) ? .factory : .component, scope: .singleton,
                    location: SourceLocation(path: "F.swift", line: line + 1, column: 1))
            }
            graph.importedRegistrations = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                Registration(
                    id: RegistrationID(
                        typeName: keyNames.randomElement(using: &generator)!,
                        qualifier: keyQualifiers.randomElement(using: &generator)!),
                    kind: .imported, scope: .singleton)
            }
            let keys = RegistrationKeys(graph: graph)
            let index = CandidateIndex(graph: graph, indexingNames: false)
            for typeName in names {
                for qualifier in qualifiers {
                    let id = RegistrationID(typeName: typeName, qualifier: qualifier)
                    let entries = index.exactMatches(id)
                    #expect(Int(keys[id]?.count ?? 0) == entries.count)
                    #expect(Int(keys[id]?.factories ?? 0) == entries.filter(\.isFactory).count)
                    #expect(keys.firstLocal(id) == graph.registrations.firstIndex { $0.id == id })
                }
            }
        }
    }

    /// Many keys, so that the open-addressed table probes past occupied slots: every key is found with its
    /// count, and keys one byte apart (or split differently between type name and qualifier) stay apart.
    @Test func manyKeysAreFoundAndNeighboursStayApart() {
        var graph = LinkedGraph()
        var expected: [RegistrationID: Int] = [:]
        for number in 0..<3_000 {
            let id = RegistrationID(
                typeName: "Type\(number % 1_000)", qualifier: number % 3 == 0 ? "" : "q\(number % 7)")
            expected[id, default: 0] += 1
            graph.registrations.append(
                Registration(
                    id: id, kind: .component, scope: .singleton,
                    location: SourceLocation(path: "F.swift", line: number + 1, column: 1)))
        }
        graph.registrations.append(
            Registration(id: RegistrationID(typeName: "ab", qualifier: "c"), kind: .factory, scope: .singleton))
        let keys = RegistrationKeys(graph: graph)
        for (id, count) in expected {
            #expect(Int(keys[id]?.count ?? 0) == count)
            #expect(keys.firstLocal(id) == graph.registrations.firstIndex { $0.id == id })
        }
        #expect(keys[RegistrationID(typeName: "ab", qualifier: "c")]?.factories == 1)
        #expect(keys[RegistrationID(typeName: "a", qualifier: "bc")] == nil)
        #expect(keys[RegistrationID(typeName: "abc", qualifier: "")] == nil)
        #expect(keys[RegistrationID(typeName: "Type1000", qualifier: "")] == nil)
        #expect(keys[RegistrationID(typeName: "Type0", qualifier: "q")] == nil)
    }
}
