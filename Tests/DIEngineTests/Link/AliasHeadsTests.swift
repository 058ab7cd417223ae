import Testing

@testable import DIEngine

/// `AliasHeads` may answer that a name starts like a typealias when none does, never the other way: a
/// name one of whose prefixes is a typealias must always be looked up.
@Suite struct AliasHeadsTests {
    @Test func aNameWithATypealiasAsAPrefixIsNeverPassedOver() {
        var generator = SeededGenerator(seed: 16)
        let components = ["A", "Store", "Backend", "Key", "Outer", "Inner", "VeryLongComponentNameThatIsNotSmall"]
        func name(_ count: Int) -> String {
            (0..<count).map { _ in components.randomElement(using: &generator)! }.joined(separator: ".")
        }
        for round in 0..<40 {
            let keys = Set((0..<(round % 7)).map { _ in name(Int.random(in: 1...3, using: &generator)) })
            let heads = AliasHeads(keys)
            for _ in 0..<50 {
                let asked = name(Int.random(in: 1...4, using: &generator))
                let parts = asked.split(separator: ".")
                let hasAliasPrefix = (1...parts.count).contains {
                    keys.contains(parts.prefix($0).joined(separator: "."))
                }
                if hasAliasPrefix { #expect(heads.mayHead(asked), "\(asked) with \(keys.sorted())") }
            }
        }
    }

    @Test func headsOfOtherNamesAreMostlyPassedOver() {
        let heads = AliasHeads(["Storage.Backend", "Key", "Outer.Inner.Leaf"])
        #expect(heads.mayHead("Storage") && heads.mayHead("Storage.Other.Deep") && heads.mayHead("Key.Part"))
        #expect(heads.mayHead("Outer.Nested"))
        let others = (0..<200).map { "Type\($0).Nested" }
        #expect(others.filter(heads.mayHead).count < 40)
        #expect(!AliasHeads([String]()).mayHead("Anything.At.All"))
    }
}
