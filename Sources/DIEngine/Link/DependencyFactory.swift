/// Turns the scanner's dependency facts into `Dependency` values with resolved type names.
/// Candidates and effective qualifiers are filled in later.
struct DependencyFactory {
    let session: LinkSession

    /// Who a dependency belongs to.
    struct Owner {
        /// Full name of the owning type (the registered type for `Config` registrations).
        var typeName: String
        var registration: RegistrationID?
    }

    /// Resolves a dependency type written in `scope` (legacy aliases looked up in `aliasOwner`). Reports `S36`
    /// for types that are not a type or an array of one and `S28` for a missing legacy alias; nil then.
    func resolveType(
        _ reference: TypeReference, scope: String, aliasOwner: String, at location: SourceLocation,
        isInoutOrVariadic: Bool = false
    ) -> TypeReference? {
        if reference.isUnsupported || isInoutOrVariadic || reference.isOptional {
            reportUnsupported(reference, at: location)
            return nil
        }
        switch session.resolver.resolve(reference, in: scope, owner: aliasOwner) {
        case .missingLegacyAlias(let missing):
            session.report(Diagnostic(.missingLegacyAlias, missing.alias, aliasOwner, at: location))
            return nil
        case .resolved(let resolved):
            if resolved.isUnsupported || resolved.isOptional {
                reportUnsupported(reference, at: location)
                return nil
            }
            return resolved
        }
    }

    private func reportUnsupported(_ reference: TypeReference, at location: SourceLocation) {
        session.report(Diagnostic(.unsupportedDependencyType, reference.written, at: location))
    }

    /// An initialiser or injector parameter: its label is the qualifier, a `qualifierBy` comment after `_`
    /// names the property holding it.
    func parameter(_ parameter: ParameterFact, in ref: DeclarationRef, owner: Owner, isEager: Bool)
        -> DependencyArgument?
    {
        let location = session.table.location(ref, parameter.position)
        guard
            let type = resolveType(
                parameter.type, scope: owner.typeName, aliasOwner: owner.typeName, at: location,
                isInoutOrVariadic: parameter.isInoutOrVariadic)
        else { return nil }
        let comment = parameter.label == nil ? parameter.qualifierByComment.flatMap { $0.isEmpty ? nil : $0 } : nil
        let dependency = Dependency(
            typeName: type.name, isArray: type.isArray, qualifier: parameter.label ?? "", qualifierBy: comment,
            effectiveQualifier: parameter.label ?? "", qualifierFromLabel: parameter.label, isEager: isEager,
            owner: owner.registration, ownerTypeName: owner.typeName, location: location)
        return DependencyArgument(label: parameter.label, dependency: dependency)
    }

    /// An `Inject(...)` call written in declaration `ref`.
    func injectCall(_ call: InjectCallFact, in ref: DeclarationRef, owner: Owner, isEager: Bool) -> Dependency? {
        let written = session.table.typeName[ref] ?? owner.typeName
        let location = session.table.location(ref, call.position)
        guard !call.type.isUnsupported, !call.type.name.isEmpty,
            let type = resolveType(call.type, scope: written, aliasOwner: written, at: location)
        else { return nil }
        return Dependency(
            typeName: type.name, isArray: type.isArray, isPayload: call.hasPayload, qualifier: call.qualifier ?? "",
            qualifierBy: call.qualifierBy, effectiveQualifier: call.qualifier ?? "", isEager: isEager,
            owner: owner.registration, ownerTypeName: owner.typeName, location: location)
    }

    /// `@Dependency` / `@DependencyArray` on a property; nil for `@PropertyValue` and ill-formed wrappers
    /// (the scanner reported those).
    func wrapper(_ wrapper: PropertyWrapperFact, on property: PropertyFact, in ref: DeclarationRef, owner: Owner)
        -> Dependency?
    {
        guard wrapper.isValid, wrapper.kind != .propertyValue, let declared = property.type, !declared.isUnsupported,
            declared.isArray == (wrapper.kind == .dependencyArray)
        else { return nil }
        let location = session.table.location(ref, wrapper.position)
        guard let type = resolveType(declared, scope: owner.typeName, aliasOwner: owner.typeName, at: location)
        else { return nil }
        return Dependency(
            typeName: type.name, isArray: type.isArray, qualifier: wrapper.qualifier ?? "",
            qualifierBy: wrapper.qualifierBy, effectiveQualifier: wrapper.qualifier ?? "",
            isEager: !property.isStatic, owner: owner.registration, ownerTypeName: owner.typeName, location: location)
    }

    /// A `D.self` argument of `Config(...)`: single, unqualified and eager.
    func configArgument(_ reference: TypeReference, at location: SourceLocation, scope: String, owner: Owner)
        -> Dependency?
    {
        guard !reference.isArray, !reference.isUnsupported,
            let type = resolveType(reference, scope: scope, aliasOwner: scope, at: location)
        else { return nil }
        return Dependency(
            typeName: type.name, isArray: type.isArray, isEager: true, owner: owner.registration,
            ownerTypeName: owner.typeName, location: location)
    }
}
