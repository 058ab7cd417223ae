import Testing

@testable import DIEngine

/// `ExtendedNames` must answer as the `[DeclarationRef: String]` it replaced, in declaration order.
@Suite struct ExtendedNamesTests {
    static func ref(_ file: Int, _ index: Int) -> DeclarationRef { DeclarationRef(file: file, index: index) }

    @Test func pairsAreSortedByDeclarationAndTheLastOfARefIsKept() {
        let names = ExtendedNames([
            (Self.ref(3, 1), "C"), (Self.ref(0, 4), "A"), (Self.ref(3, 0), "B"), (Self.ref(0, 4), "A2"),
        ])
        #expect(names.map(\.ref) == [Self.ref(0, 4), Self.ref(3, 0), Self.ref(3, 1)])
        #expect(names[Self.ref(0, 4)] == "A2")
        #expect(names[Self.ref(3, 0)] == "B" && names[Self.ref(3, 1)] == "C")
        #expect(names[Self.ref(3, 2)] == nil && names[Self.ref(1, 0)] == nil)
        #expect(names.files == [0, 3])
        #expect(names == [Self.ref(3, 1): "C", Self.ref(3, 0): "B", Self.ref(0, 4): "A2"])
        #expect(names != [Self.ref(3, 1): "C"])
        #expect(ExtendedNames().isEmpty && ExtendedNames().files.isEmpty && ExtendedNames()[Self.ref(0, 0)] == nil)
    }

    @Test func answersAsADictionaryOverRandomPairs() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let pairs = (0..<Int.random(in: 0..<60, using: &generator)).map { step in
                (
                    ref: Self.ref(Int.random(in: 0..<8, using: &generator), Int.random(in: 0..<8, using: &generator)),
                    name: "T\(step)"
                )
            }
            var model: [DeclarationRef: String] = [:]
            for pair in pairs { model[pair.ref] = pair.name }
            let names = ExtendedNames(pairs)
            #expect(names.count == model.count)
            #expect(names.map(\.ref) == model.keys.sorted())
            for file in 0..<8 {
                for index in 0..<8 { #expect(names[Self.ref(file, index)] == model[Self.ref(file, index)]) }
            }
            #expect(names.files == Set(model.keys.map(\.file)).sorted())
        }
    }
}
