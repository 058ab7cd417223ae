/// A registration while the link stage is still building it.
struct PendingRegistration: Equatable {
    var registration: Registration
    /// `#if` conditions of the declaration (or `Config` call) it comes from.
    var conditions: ConditionStack
    /// The type's own registration (not a `Config` one): it owns the type's `Inject(...)` calls and wrappers.
    var ownsTypeDependencies: Bool
    var propertyUses: [PropertyUse] = []

    /// Identical to `other` apart from locations and declared in another branch of the same `#if`: the two
    /// are one registration (`L06`).
    func isBranchTwin(of other: PendingRegistration) -> Bool {
        guard let path = registration.location?.path, path == other.registration.location?.path,
            !conditions.isEmpty, conditions.count == other.conditions.count, conditions != other.conditions,
            conditions.dropLast() == other.conditions.dropLast()
        else { return false }
        return Self.withoutLocations(registration) == Self.withoutLocations(other.registration)
    }

    private static func withoutLocations(_ registration: Registration) -> Registration {
        let nowhere = SourceLocation(path: "", line: 0, column: 0)
        func strip(_ dependency: Dependency) -> Dependency {
            var copy = dependency
            copy.location = nowhere
            return copy
        }
        func strip(_ argument: DependencyArgument) -> DependencyArgument {
            DependencyArgument(label: argument.label, dependency: strip(argument.dependency))
        }
        var copy = registration
        copy.location = nil
        copy.constructorArguments = copy.constructorArguments.map(strip)
        copy.injectorArguments = copy.injectorArguments.map(strip)
        copy.dependencies = copy.dependencies.map(strip)
        return copy
    }

    /// Merges branch twins, keeping the first of each pair.
    static func mergingBranchTwins(_ pending: [PendingRegistration]) -> [PendingRegistration] {
        var result: [PendingRegistration] = []
        var byID: [RegistrationID: [Int]] = [:]
        for item in pending {
            let twin = byID[item.registration.id, default: []].first { result[$0].isBranchTwin(of: item) }
            if let twin {
                result[twin].propertyUses += item.propertyUses
                continue
            }
            byID[item.registration.id, default: []].append(result.count)
            result.append(item)
        }
        return result
    }
}
