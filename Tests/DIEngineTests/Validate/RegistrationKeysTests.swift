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
}
