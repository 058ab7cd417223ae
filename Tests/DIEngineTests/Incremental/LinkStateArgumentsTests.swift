import Testing

@testable import DIEngine

/// A registration's arguments in the link state (format 7): written as labels when they carry its first
/// dependencies, as a registrar makes them, and whole otherwise. Either way the read gives them back.
@Suite struct LinkStateArgumentsTests {
    static func dependency(_ typeName: String, line: Int, owner: RegistrationID?) -> Dependency {
        Dependency(
            typeName: typeName, qualifier: line.isMultiple(of: 2) ? "" : "q\(line)", owner: owner,
            ownerTypeName: owner?.typeName ?? "Plain", location: SourceLocation(path: "A.swift", line: line, column: 3))
    }

    /// One unit of `registrations`, saved and read back.
    static func roundTrip(_ registrations: [Registration]) throws -> [Registration] {
        let unit = TypeLinkUnit(
            typeName: "A", files: ["A.swift"], reads: [],
            pending: registrations.map {
                PendingRegistration(registration: $0, conditions: [], ownsTypeDependencies: true)
            }, configurationFiles: [], diagnostics: [])
        let state = LinkState(
            factsDigests: ["A.swift": 1], views: NameViews(views: [:]), typeUnits: ["A": unit], fileUnits: [:])
        let read = try #require(LinkStateFile.decode(LinkStateFile.encode(state, identity: "v1"), identity: "v1"))
        #expect(read == state)
        return try #require(read.typeUnits["A"]).pending.map(\.registration)
    }

    static func registration(arguments: [(label: String?, Dependency)], injecting: [(label: String?, Dependency)])
        -> Registration
    {
        Registration(
            id: RegistrationID(typeName: "A", qualifier: ""), kind: .autowired, scope: .singleton,
            location: SourceLocation(path: "A.swift", line: 1, column: 1),
            constructorArguments: arguments.map { DependencyArgument(label: $0.label, dependency: $0.1) },
            injectorArguments: injecting.map { DependencyArgument(label: $0.label, dependency: $0.1) })
    }

    @Test func argumentsThatLeadTheDependenciesAreReadBackFromThem() throws {
        let id = RegistrationID(typeName: "A", qualifier: "")
        var registration = Self.registration(
            arguments: [
                ("first", Self.dependency("B", line: 2, owner: id)), (nil, Self.dependency("C", line: 3, owner: id)),
            ],
            injecting: [("late", Self.dependency("D", line: 4, owner: id))])
        registration.dependencies =
            (registration.constructorArguments + registration.injectorArguments).map(\.dependency)
            + [Self.dependency("E", line: 5, owner: id)]
        #expect(LinkStateWriter.argumentsLeadDependencies(registration))
        let read = try Self.roundTrip([registration])
        #expect(read == [registration])
        #expect(read[0].injectorArguments.map(\.dependency.typeName) == ["D"])
    }

    @Test func argumentsThatDoNotLeadTheDependenciesAreWrittenWhole() throws {
        let id = RegistrationID(typeName: "A", qualifier: "")
        let arguments: [(label: String?, Dependency)] = [("b", Self.dependency("B", line: 2, owner: id))]
        // Arguments beyond the dependencies, in another order, or differing in one field.
        var beyond = Self.registration(arguments: arguments, injecting: [])
        beyond.dependencies = []
        var reordered = Self.registration(
            arguments: arguments + [(nil, Self.dependency("C", line: 3, owner: id))], injecting: [])
        reordered.dependencies = reordered.constructorArguments.reversed().map(\.dependency)
        var differing = Self.registration(arguments: [], injecting: arguments)
        differing.dependencies = [Self.dependency("B", line: 2, owner: nil)]
        let none = Self.registration(arguments: [], injecting: [])
        for registration in [beyond, reordered, differing, none] {
            #expect(!LinkStateWriter.argumentsLeadDependencies(registration))
        }
        #expect(try Self.roundTrip([beyond, reordered, differing, none]) == [beyond, reordered, differing, none])
    }

    /// The registrars' registrations take the labels-only form: the states of the incremental link tests
    /// have arguments, and every registration with some leads its dependencies with them.
    @Test func registrarsArgumentsLeadTheirDependencies() throws {
        let states = try LinkStateFileTests.states()
        let registrations = states.flatMap { $0.typeUnits.values.flatMap { $0.pending.map(\.registration) } }
        let withArguments = registrations.filter {
            !$0.constructorArguments.isEmpty || !$0.injectorArguments.isEmpty
        }
        #expect(!withArguments.isEmpty)
        #expect(withArguments.allSatisfy(LinkStateWriter.argumentsLeadDependencies))
    }
}
