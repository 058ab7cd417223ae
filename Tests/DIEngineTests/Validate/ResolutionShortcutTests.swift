import Testing

@testable import DIEngine

/// The back of a link against the plain rules it stands for: resolution (exact key, else by name and
/// qualifier, with links to each local candidate found by name) against the candidate index's lists, and
/// link checks that return early for a satisfied dependency against the checks in their full order.
@Suite struct ResolutionShortcutTests {
    private static let names = ["A", "B", "C", "P", "Q"]

    private static func location(_ line: Int) -> DIEngine.SourceLocation {
        SourceLocation(path: "F.swift", line: line, column: 1)
    }

    private static func randomDependency(line: Int, _ generator: inout some RandomNumberGenerator) -> Dependency {
        Dependency(
            typeName: names.randomElement(using: &generator)!, isArray: Bool.random(using: &generator),
            isPayload: Int.random(in: 0..<4, using: &generator) == 0,
            qualifier: ["", "", "x"].randomElement(using: &generator)!, ownerTypeName: "O",
            location: location(line))
    }

    /// Registrations of A, B, C (qualified or not, some factories), imported ones, supertypes P and Q.
    private static func randomGraph(_ generator: inout some RandomNumberGenerator) -> LinkedGraph {
        var graph = LinkedGraph()
        var line = 0
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            line += 1
            var registration = Registration(
                id: RegistrationID(
                    typeName: ["A", "B", "C"].randomElement(using: &generator)!,
                    qualifier: ["", "x", "y"].randomElement(using: &generator)!),
                kind: Bool.random(using: &generator) ? .factory : .component, scope: .singleton,
                location: location(line))
            registration.links = Bool.random(using: &generator) ? ["Z"] : []
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                line += 1
                registration.dependencies.append(randomDependency(line: line, &generator))
            }
            graph.registrations.append(registration)
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            var imported = Registration(
                id: RegistrationID(typeName: ["A", "Q"].randomElement(using: &generator)!, qualifier: ""),
                kind: .imported, scope: .singleton, location: nil)
            imported.links = Bool.random(using: &generator) ? ["P"] : []
            graph.importedRegistrations.append(imported)
        }
        graph.registrations.sort { ($0.id, $0.location!) < ($1.id, $1.location!) }
        for name in ["A", "B", "C"] {
            let supertypes = ["P", "Q"].filter { _ in Bool.random(using: &generator) }
            graph.types[name] = DeclaredType(name: name, kind: .class, location: location(1), supertypes: supertypes)
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            line += 1
            graph.unownedDependencies.append(randomDependency(line: line, &generator))
        }
        return graph
    }

    @Test func resolutionByNameFindsWhatTheIndexListsAndLinksEachLocalCandidate() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<300 {
            let unresolved = Self.randomGraph(&generator)
            var graph = unresolved
            LinkResolution.apply(to: &graph) { _ in nil }
            let index = CandidateIndex(graph: unresolved)
            var links = unresolved.registrations.map(\.links)
            func check(_ resolved: Dependency, _ dependency: Dependency) {
                let id = RegistrationID(typeName: dependency.typeName, qualifier: dependency.qualifier)
                let exact = dependency.isArray || dependency.isPayload ? [] : index.exactMatches(id)
                let byName = index.candidates(for: dependency.typeName, qualifier: dependency.qualifier)
                let found = exact.isEmpty ? byName : exact
                #expect(resolved.isExactMatch == !exact.isEmpty)
                #expect(resolved.candidates == CandidateIndex.ids(found))
                #expect(resolved.hasImportedCandidate == found.contains { $0.local == nil })
                guard exact.isEmpty else { return }
                for entry in found { if let local = entry.local { links[local].append(dependency.typeName) } }
            }
            for position in unresolved.registrations.indices {
                for (resolved, dependency) in zip(
                    graph.registrations[position].dependencies, unresolved.registrations[position].dependencies)
                {
                    check(resolved, dependency)
                }
            }
            for (resolved, dependency) in zip(graph.unownedDependencies, unresolved.unownedDependencies) {
                check(resolved, dependency)
            }
            #expect(graph.registrations.map(\.links) == links.map { Array(Set($0)).sorted() })
        }
    }

    /// The checks in the order `LinkChecks` had before it returned early for a satisfied dependency.
    private static func expectedCode(_ dependency: Dependency, keys: RegistrationKeys) -> String? {
        let counts = dependency.candidates.compactMap { keys[$0] }
        let matches = counts.reduce(0) { $0 + Int($1.count) }
        let factories = counts.reduce(0) { $0 + Int($1.factories) }
        if matches == 0 { return dependency.isArray ? "L07" : "L01 or L05" }
        if !dependency.isArray && dependency.candidates.count > 1 { return "L02" }
        if !dependency.isPayload && factories > 0 { return "L03" }
        if dependency.isPayload && factories < matches { return "L04" }
        return nil
    }

    @Test func linkChecksReportWhatTheFullRulesReport() {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<300 {
            var graph = Self.randomGraph(&generator)
            let ids = graph.registrations.map(\.id) + graph.importedRegistrations.map(\.id)
            for index in graph.registrations.indices {
                for position in graph.registrations[index].dependencies.indices {
                    let candidates = (ids + [RegistrationID(typeName: "Q", qualifier: "z")]).filter { _ in
                        Int.random(in: 0..<3, using: &generator) == 0
                    }
                    graph.registrations[index].dependencies[position].candidates = Array(Set(candidates)).sorted()
                }
            }
            let keys = RegistrationKeys(graph: graph)
            let checks = LinkChecks(graph: graph, keys: keys)
            var expected: [String] = []
            for registration in graph.registrations {
                for dependency in registration.dependencies {
                    let code = checks.check(dependency)?.code
                    let wanted = Self.expectedCode(dependency, keys: keys)
                    if wanted == "L01 or L05" {
                        #expect(code == "L01" || code == "L05")
                    } else {
                        #expect(code == wanted)
                    }
                    if let code { expected.append(code) }
                }
            }
            for dependency in graph.unownedDependencies {
                if let code = checks.check(dependency)?.code { expected.append(code) }
            }
            #expect(checks.run().map(\.code) == expected)
        }
    }
}
