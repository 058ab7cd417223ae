import Testing

@testable import DIEngine

/// The resolved file's dependency lists written in place against the entries `ResolvedDependency.list` makes.
@Suite struct ResolvedDependencyListTests {
    private static func randomDependencies(_ generator: inout some RandomNumberGenerator) -> [Dependency] {
        let names = ["A", "B", "Ab", "Service1", "Service10", "Service9Providing", "Fábrica", "\u{212A}", "K"]
        return (0..<Int.random(in: 1...5, using: &generator)).map { line in
            var dependency = Dependency(
                typeName: names.randomElement(using: &generator)!, ownerTypeName: "Owner",
                location: SourceLocation(path: "F.swift", line: line + 1, column: 1))
            dependency.qualifier = ["", "", "x", "y"].randomElement(using: &generator)!
            dependency.qualifierBy = [nil, nil, "a.b", "a.c"].randomElement(using: &generator)!
            dependency.isArray = Int.random(in: 0..<4, using: &generator) == 0
            dependency.isPayload = Int.random(in: 0..<4, using: &generator) == 0
            return dependency
        }
    }

    private static func listed(_ dependencies: [Dependency]) -> String {
        var writer = CodeWriter(indentUnit: "  ")
        ResolvedDependency.appendList(dependencies, to: &writer)
        return writer.text
    }

    private static func fromEntries(_ dependencies: [Dependency]) -> String {
        var writer = CodeWriter(indentUnit: "  ")
        for entry in ResolvedDependency.list(dependencies) { entry.append(to: &writer) }
        return writer.text
    }

    @Test func listsWrittenInPlaceEqualTheSortedUniqueEntries() {
        var generator = SeededGenerator(seed: 19)
        var inPlace = 0
        for _ in 0..<2_000 {
            var dependencies = Self.randomDependencies(&generator)
            // Half of them in the listed order already, as the linker delivers most lists.
            if Bool.random(using: &generator) {
                dependencies = ResolvedDependency.list(dependencies).enumerated().map { line, entry in
                    var dependency = Dependency(
                        typeName: entry.typeName, ownerTypeName: "Owner",
                        location: SourceLocation(path: "G.swift", line: line + 1, column: 1))
                    dependency.qualifier = entry.qualifier
                    dependency.qualifierBy = entry.qualifierBy
                    dependency.isArray = entry.isArray
                    dependency.isPayload = entry.isPayload
                    return dependency
                }
            }
            guard !dependencies.isEmpty else { continue }
            #expect(Self.listed(dependencies) == Self.fromEntries(dependencies))
            if dependencies.withUnsafeBufferPointer(ResolvedDependency.listOrder) != nil { inPlace += 1 }
        }
        // Both paths were taken.
        #expect(inPlace > 200 && inPlace < 1_900)
    }

    @Test func asciiListsAreOrderedInPlaceAndOthersGoThroughTheEntries() {
        func dependency(_ typeName: String, qualifier: String = "", isArray: Bool = false) -> Dependency {
            let location = SourceLocation(path: "F.swift", line: 1, column: 1)
            var dependency = Dependency(typeName: typeName, ownerTypeName: "Owner", location: location)
            dependency.qualifier = qualifier
            dependency.isArray = isArray
            return dependency
        }
        func order(_ dependencies: [Dependency]) -> [Int]? {
            dependencies.withUnsafeBufferPointer(ResolvedDependency.listOrder)
        }
        #expect(order([dependency("A"), dependency("A", qualifier: "x"), dependency("B")]) == [0, 1, 2])
        #expect(order([dependency("A", isArray: true), dependency("A")]) == [1, 0])
        #expect(order([dependency("B"), dependency("A"), dependency("B")]) == [1, 0, 2])
        #expect(order([dependency("A"), dependency("Fábrica")]) == nil)
        // The Kelvin sign is canonically equal to `K`: the entries' set merges them, as before.
        let kelvin = [dependency("K"), dependency("\u{212A}")]
        #expect(order(kelvin) == nil)
        #expect(Self.listed(kelvin) == Self.fromEntries(kelvin))
        let repeated = [dependency("B"), dependency("A"), dependency("B"), dependency("A")]
        #expect(Self.listed(repeated) == Self.fromEntries(repeated))
        #expect(Self.listed(repeated).split(separator: "\n").count == 4)
    }
}
