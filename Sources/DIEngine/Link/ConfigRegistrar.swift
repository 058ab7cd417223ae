/// The registrations of `Config(...)` calls in Configuration types.
struct ConfigRegistrar {
    let session: LinkSession

    /// One registration per `Config` call held by a stored property of the Configuration type `entry`.
    func registrations(for entry: TypeEntry) -> [PendingRegistration] {
        let table = session.table
        let factory = DependencyFactory(session: session)
        var result: [PendingRegistration] = []
        for ref in entry.primaries {
            let fact = table[ref]
            for call in fact.configCalls {
                // Misplaced calls (`S15`) and calls without a type (`S12`) were reported by the scanner.
                guard let property = call.propertyName, !call.type.isUnsupported, !call.type.name.isEmpty,
                    !call.type.isArray, !call.type.isOptional
                else { continue }
                let location = table.location(ref, call.position)
                guard
                    let type = factory.resolveType(
                        call.type, scope: entry.name, aliasOwner: entry.name, at: location),
                    !type.isArray
                else { continue }
                let id = RegistrationID(typeName: type.name, qualifier: call.qualifier)
                let owner = DependencyFactory.Owner(typeName: type.name, registration: id)
                var valid = !call.isStaticProperty && !session.scanErrors.hasError(ref)
                var dependencies: [Dependency] = []
                for (index, argument) in call.dependencies.enumerated() {
                    let position =
                        index < call.dependencyPositions.count ? call.dependencyPositions[index] : call.position
                    if let dependency = factory.configArgument(
                        argument, at: table.location(ref, position), scope: entry.name, owner: owner)
                    {
                        dependencies.append(dependency)
                    } else {
                        valid = false
                    }
                }
                for inject in fact.injectCalls where inject.insideConfigProperty == property {
                    if let dependency = factory.injectCall(inject, in: ref, owner: owner, isEager: true) {
                        dependencies.append(dependency)
                    } else {
                        valid = false
                    }
                }
                let registration = Registration(
                    id: id, kind: .config, scope: call.scope, location: location,
                    isValueType: table.kind(of: type.name) == .struct, configurationType: entry.name,
                    configPropertyName: property, dependencies: dependencies, dependenciesUnknown: !valid)
                result.append(
                    PendingRegistration(
                        registration: registration, conditions: call.conditions, ownsTypeDependencies: false))
            }
        }
        return result
    }
}
