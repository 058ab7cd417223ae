import Testing

@testable import DIEngine

/// The renderers take the linker's order and link lists as they are when already sorted; any other order
/// must still give the bytes of the sorted graph.
@Suite struct RenderOrderTests {
    @Test func shuffledRegistrationsRenderAsTheLinkerOrderDoes() {
        var generator = SeededGenerator(seed: 3)
        let graph = SampleGraphs.kitchenSink()
        let factory = FactoryRenderer.render(graph, className: "F", runtimeModule: "DIRuntime", accessControl: nil)
        let resolved = ResolvedFileRenderer.render(graph, project: "P", reference: "R")
        for _ in 0..<20 {
            var shuffled = graph
            shuffled.registrations.shuffle(using: &generator)
            for index in shuffled.registrations.indices {
                shuffled.registrations[index].links.shuffle(using: &generator)
                shuffled.registrations[index].links += shuffled.registrations[index].links.prefix(1)
            }
            #expect(
                FactoryRenderer.render(shuffled, className: "F", runtimeModule: "DIRuntime", accessControl: nil)
                    == factory)
            #expect(ResolvedFileRenderer.render(shuffled, project: "P", reference: "R") == resolved)
        }
    }

    @Test func resolvedDependenciesAreSortedAndUniqueAsASetWouldMakeThem() {
        var generator = SeededGenerator(seed: 5)
        let location = SourceLocation(path: "A.swift", line: 1, column: 1)
        // Canonically equivalent spellings (`é`, `e\u{301}`) are one entry to the set the list is built
        // with, and which spelling it keeps depends on the input order, so the order-independence
        // checks use ASCII names and the non-ASCII ones only the count.
        let types = ["B", "A", "b", "A.B"]
        for _ in 0..<300 {
            let dependencies = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Dependency(
                    typeName: types.randomElement(using: &generator)!, isArray: Bool.random(using: &generator),
                    qualifier: ["", "q"].randomElement(using: &generator)!,
                    qualifierBy: [nil, "p.q"].randomElement(using: &generator)!, ownerTypeName: "O",
                    location: location)
            }
            let list = ResolvedDependency.list(dependencies)
            let reference = Set(
                dependencies.map {
                    ResolvedDependency(
                        typeName: $0.typeName, qualifier: $0.qualifier, qualifierBy: $0.qualifierBy,
                        isArray: $0.isArray,
                        isPayload: $0.isPayload)
                })
            #expect(list.count == reference.count)
            let accented = dependencies.map { dependency in
                var copy = dependency
                copy.typeName =
                    copy.typeName == "b" ? ["é", "e\u{301}"].randomElement(using: &generator)! : copy.typeName
                return copy
            }
            #expect(ResolvedDependency.list(accented).count == Set(ResolvedDependency.list(accented)).count)
            #expect(Set(ResolvedDependency.list(dependencies.reversed())) == reference)
            #expect(ResolvedDependency.list(dependencies.reversed()) == list)
        }
    }
}
