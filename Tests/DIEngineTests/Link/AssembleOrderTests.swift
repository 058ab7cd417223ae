import Testing

@testable import DIEngine

/// How `Linker.assemble` gathers the units' registrations: in generation order, with the member
/// dependencies of the types that own them, whether or not `#if` branches make it merge twins first.
@Suite struct AssembleOrderTests {
    private static func pending(
        _ typeName: String, qualifier: String = "", line: Int, path: String = "A.swift", owns: Bool = true,
        uses: [String] = [], conditions: ConditionStack = []
    ) -> PendingRegistration {
        let location = SourceLocation(path: path, line: line, column: 1)
        return PendingRegistration(
            registration: Registration(
                id: RegistrationID(typeName: typeName, qualifier: qualifier), kind: .component, scope: .singleton,
                location: location),
            conditions: conditions, ownsTypeDependencies: owns,
            propertyUses: uses.map { PropertyUse(path: $0, requirement: .scalar, location: location) })
    }

    private static func unit(_ typeName: String, _ pending: [PendingRegistration]) -> TypeLinkUnit {
        TypeLinkUnit(
            typeName: typeName, files: ["A.swift"], reads: [], pending: pending, configurationFiles: [],
            diagnostics: [])
    }

    private static func members(of owner: String, _ dependencyType: String, line: Int) -> MemberDependencies {
        let dependency = Dependency(
            typeName: dependencyType, ownerTypeName: owner,
            location: SourceLocation(path: "A.swift", line: line, column: 5))
        return MemberDependencies(files: [
            MemberDependencies.OfFile(dependencies: [.init(owner: owner, dependency: dependency)])
        ])
    }

    /// A Configuration's unit delivers registrations of other types (its `Config` calls): they are placed by
    /// type name, qualifier and location, and equal keys keep the units' order.
    private static let units = [
        unit("Alpha", [pending("Alpha", line: 1, uses: ["a.one"])]),
        unit(
            "Config",
            [
                pending("Config", line: 5), pending("Zeta", line: 6, owns: false, uses: ["z.one"]),
                pending("Beta", qualifier: "q", line: 7, owns: false),
            ]),
        unit("Beta", [pending("Beta", line: 9, uses: ["b.one"]), pending("Beta", qualifier: "q", line: 3)]),
    ]

    @Test func unitsComeOutInGenerationOrder() {
        let result = Linker.orderedRegistrations(
            Self.units, members: MemberDependencies(files: [MemberDependencies.OfFile]()))
        #expect(
            result.registrations.map { "\($0.id)@\($0.location?.position.line ?? 0)" } == [
                "Alpha@1", "Beta@9", "Beta#q@3", "Beta#q@7", "Config@5", "Zeta@6",
            ])
        #expect(result.propertyUses.map(\.path) == ["a.one", "b.one", "z.one"])
        // `owned` lists the owners of member dependencies among the registered types: none here.
        #expect(result.owned.isEmpty)
    }

    @Test func ownedMemberDependenciesJoinTheOwnersRegistrations() {
        let members = Self.members(of: "Beta", "Logger", line: 12)
        let result = Linker.orderedRegistrations(Self.units, members: members)
        let owners = result.registrations.map { registration in
            registration.dependencies.map { "\($0.typeName) owned by \($0.owner?.description ?? "nobody")" }
        }
        // Both of Beta's own registrations own its members; the Configuration's `Config` one does not.
        #expect(owners == [[], ["Logger owned by Beta"], ["Logger owned by Beta#q"], [], [], []])
        // Only Beta has member dependencies: the other owning types are not listed (nobody asks about them).
        #expect(result.owned == ["Beta"])
        #expect(Linker.mergedRegistrations(Self.units, members: members).owned == ["Beta"])
    }

    @Test func withoutBranchesBothWaysAgree() {
        let members = Self.members(of: "Alpha", "Clock", line: 2)
        let ordered = Linker.orderedRegistrations(Self.units, members: members)
        let merged = Linker.mergedRegistrations(Self.units, members: members)
        #expect(ordered.registrations == merged.registrations)
        #expect(ordered.propertyUses == merged.propertyUses)
        #expect(ordered.owned == merged.owned)
    }

    @Test func branchTwinsAreMergedBeforeOrdering() {
        let units = [
            Self.unit(
                "Gamma",
                [
                    Self.pending("Gamma", line: 4, uses: ["g.one"], conditions: ["DEBUG"]),
                    Self.pending("Gamma", line: 8, uses: ["g.two"], conditions: ["!(DEBUG)"]),
                ]),
            Self.unit("Alpha", [Self.pending("Alpha", line: 1)]),
        ]
        let merged = Linker.mergedRegistrations(
            units, members: MemberDependencies(files: [MemberDependencies.OfFile]()))
        #expect(merged.registrations.map(\.id.description) == ["Alpha", "Gamma"])
        #expect(merged.propertyUses.map(\.path) == ["g.one", "g.two"])
    }
}
