import Testing

@testable import DIEngine

/// The chained index against a plain reference (an array of entries per key and per name), and the
/// sorted-unique helpers of resolution and generation against the set they replace.
@Suite struct CandidateIndexTests {
    private struct Reference {
        var byKey: [RegistrationID: [Int]] = [:]
        var byName: [String: [Int]] = [:]

        init(_ registrations: [Registration], supertypes: [String: [String]]) {
            for (index, registration) in registrations.enumerated() {
                byKey[registration.id, default: []].append(index)
                var seen: Set<String> = []
                for name in [registration.id.typeName] + (supertypes[registration.id.typeName] ?? [])
                where seen.insert(name).inserted {
                    byName[name, default: []].append(index)
                }
            }
        }
    }

    private static let names = ["A", "B", "C", "D", "P", "Q"]

    private static func randomGraph(_ generator: inout some RandomNumberGenerator) -> (
        [Registration], [String: [String]]
    ) {
        let registrations = (0..<Int.random(in: 0...30, using: &generator)).map { line in
            Registration(
                id: RegistrationID(
                    typeName: names.randomElement(using: &generator)!,
                    qualifier: ["", "x", "y"].randomElement(using: &generator)!),
                kind: Bool.random(using: &generator) ? .factory : .component, scope: .singleton,
                location: SourceLocation(path: "F.swift", line: line + 1, column: 1))
        }
        var supertypes: [String: [String]] = [:]
        for name in names {
            // Repeats and the type's own name included: each must be indexed once.
            supertypes[name] = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                names.randomElement(using: &generator)!
            }
        }
        return (registrations, supertypes)
    }

    @Test func chainsListEntriesAsAnArrayPerKeyAndNameWould() {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<200 {
            let (registrations, supertypes) = Self.randomGraph(&generator)
            let index = CandidateIndex(
                registrations: registrations, imported: [], supertypes: { supertypes[$0] ?? [] })
            let reference = Reference(registrations, supertypes: supertypes)
            for typeName in Self.names {
                for qualifier in ["", "x", "y", "z"] {
                    let id = RegistrationID(typeName: typeName, qualifier: qualifier)
                    #expect(index.exactMatches(id).map(\.local) == (reference.byKey[id] ?? []).map { $0 })
                    let expected = (reference.byName[typeName] ?? []).filter {
                        qualifier.isEmpty || registrations[$0].id.qualifier == qualifier
                    }
                    #expect(index.candidates(for: typeName, qualifier: qualifier).map(\.local) == expected.map { $0 })
                }
            }
        }
    }

    /// Resolution's one look-up per dependency gives what the two separate ones give, and an index without
    /// names still finds every key (validation's) but no candidate by name.
    @Test func oneLookUpGivesTheKeyAndTheNamePositions() {
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<200 {
            let (registrations, supertypes) = Self.randomGraph(&generator)
            let index = CandidateIndex(
                registrations: registrations, imported: [], supertypes: { supertypes[$0] ?? [] })
            let keysOnly = CandidateIndex(
                registrations: registrations, imported: [], supertypes: { supertypes[$0] ?? [] },
                indexingNames: false)
            let reference = Reference(registrations, supertypes: supertypes)
            for typeName in Self.names + ["Unknown"] {
                for qualifier in ["", "x", "y", "z"] {
                    let id = RegistrationID(typeName: typeName, qualifier: qualifier)
                    let (exact, byName) = index.withPositions(of: typeName, qualifier: qualifier) {
                        (Array($0), Array($1))
                    }
                    #expect(exact == reference.byKey[id] ?? [])
                    #expect(byName == reference.byName[typeName] ?? [])
                    #expect(keysOnly.exactMatches(id).map(\.local) == (reference.byKey[id] ?? []).map { $0 })
                    #expect(keysOnly.candidates(for: typeName, qualifier: qualifier).isEmpty)
                    #expect(keysOnly.withPositions(of: typeName, qualifier: qualifier) { Array($1) }.isEmpty)
                }
            }
        }
    }

    @Test func importedRegistrationsAreFoundByTypeAndLinks() {
        let imported = Registration(
            id: RegistrationID(typeName: "Remote", qualifier: ""), kind: .imported, scope: .singleton,
            links: ["Service", "Remote", "Service"])
        let index = CandidateIndex(registrations: [], imported: [imported], supertypes: { _ in [] })
        #expect(index.candidates(for: "Service", qualifier: "").map(\.id.typeName) == ["Remote"])
        #expect(index.candidates(for: "Remote", qualifier: "").count == 1)
        #expect(index.exactMatches(imported.id).map(\.local) == [nil])
    }

    @Test func sortedUniqueMatchesASortedSet() {
        var generator = SeededGenerator(seed: 7)
        // Two spellings of "é" (precomposed and decomposed) are one string to a set.
        let pool = ["b", "A", "B", "a", "Ab", "é", "e\u{301}", "Z", ""]
        for _ in 0..<300 {
            let names = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pool.randomElement(using: &generator)!
            }
            let reference = ByteOrder.sorted(Array(Set(names)))
            #expect(LinkResolution.sortedUnique(names) == reference)
            #expect(Depfile.sortedUnique(names) == reference)
            #expect(RegistrationRenderer.sortedUnique(names).count == reference.count)
            #expect(RegistrationRenderer.linkCalls(names) == reference.map { ".link(\($0).self)" }.joined())
        }
    }
}
