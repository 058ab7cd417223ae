import Testing

@testable import DIEngine

/// A declaration's body lists live in a shared box (`DeclarationMembers`); a fact must still behave as a value.
@Suite struct DeclarationMembersTests {
    static func fact(_ name: String = "A") -> DeclarationFact {
        DeclarationFact(kind: .class, name: name, scope: [], position: SampleFacts.at(1, 7), access: .internal)
    }

    @Test func aFactIsSmallWhateverItsBodyHolds() {
        #expect(MemoryLayout<DeclarationFact>.stride <= 96)
    }

    @Test func aCopyDoesNotSeeLaterChanges() {
        var original = Self.fact()
        original.properties = [PropertyFact(name: "a", position: SampleFacts.at(2, 9))]
        var copy = original
        copy.properties.append(PropertyFact(name: "b", position: SampleFacts.at(3, 9)))
        copy.configPropertyTarget = "target"
        original.initializers.append(InitializerFact(parameters: [], position: SampleFacts.at(4, 5)))
        #expect(original.properties.map(\.name) == ["a"])
        #expect(original.configPropertyTarget == nil)
        #expect(copy.properties.map(\.name) == ["a", "b"])
        #expect(copy.initializers.isEmpty)
        #expect(original.initializers.count == 1)
        #expect(original != copy)
    }

    /// A box no other fact holds is written in place: copying it on every write made the scanner slower.
    @Test func anUnsharedBoxIsWrittenInPlace() throws {
        var fact = Self.fact()
        fact.properties.append(PropertyFact(name: "a", position: SampleFacts.at(2, 9)))
        let box = try #require(fact.members.map(ObjectIdentifier.init))
        fact.properties.append(PropertyFact(name: "b", position: SampleFacts.at(3, 9)))
        fact.initializers = [InitializerFact(parameters: [], position: SampleFacts.at(4, 5))]
        fact.configPropertyTarget = "target"
        #expect(fact.members.map(ObjectIdentifier.init) == box)
        let copy = fact
        fact.properties.removeAll()
        #expect(fact.members.map(ObjectIdentifier.init) != box)
        #expect(copy.members.map(ObjectIdentifier.init) == box)
        #expect(copy.properties.count == 2)
    }

    @Test func emptyListsMakeNoBoxAndEqualNone() {
        var assigned = Self.fact()
        assigned.injectCalls = []
        assigned.configPropertyTargetPosition = nil
        #expect(assigned.members == nil)
        var emptied = Self.fact()
        emptied.typealiases.append(
            TypealiasFact(name: "T", target: "Int", position: SampleFacts.at(2, 5)))
        emptied.typealiases.removeAll()
        #expect(emptied.members != nil)
        #expect(emptied == assigned)
        #expect(emptied == Self.fact())
    }

    /// The interface decode gives a box only to declarations with member typealiases, scopes or qualifiers.
    @Test func anInterfaceOnlyFactHasABoxOnlyWhenItsInterfaceNeedsOne() throws {
        var facts = FileFacts()
        var plain = Self.fact("Plain")
        plain.properties = [PropertyFact(name: "a", position: SampleFacts.at(2, 9))]
        var scoped = Self.fact("Scoped")
        scoped.scopeValues = [ScopeValueFact(value: .weak, text: ".weak", position: SampleFacts.at(5, 9))]
        facts.declarations = [plain, scoped]
        let blob = FactsCodec.encode(facts)[...]
        let interface = try FactsReader.readInterface(blob)
        #expect(interface.declarations[0].members == nil)
        #expect(interface.declarations[1].scopeValues == scoped.scopeValues)
        #expect(interface.declarations[1].properties.isEmpty)
        #expect(try FactsReader.read(blob) == facts)
    }
}
