/// The `target` and fields of a ConfigProperty type.
struct ConfigPropertyFields {
    let session: LinkSession
    let roles: [String: RegistrationKind]

    /// Fills the target, fields and field dependencies of `registration`; returns whether all were valid and
    /// the property paths the fields read.
    func build(type: String, own: [DeclarationRef], typeLocation: SourceLocation, into registration: inout Registration)
        -> (valid: Bool, uses: [PropertyUse])
    {
        let table = session.table
        var valid = true
        let target = own.lazy.compactMap { table[$0].configPropertyTarget }.first
        if target == nil {
            session.report(
                Diagnostic(.configPropertyTarget, type, at: typeLocation))
            valid = false
        }
        var uses: [PropertyUse] = []
        for ref in own where table[ref].kind != .extension {
            for property in table[ref].properties where Self.isField(property) {
                let location = table.location(ref, property.position)
                guard let declared = property.type, let field = fieldType(declared, in: type) else {
                    let written = property.type?.written ?? ""
                    session.report(
                        Diagnostic(.unsupportedFieldType, written, property.name, at: location))
                    valid = false
                    continue
                }
                registration.configPropertyFields.append(
                    ConfigPropertyField(name: property.name, typeName: field.name, isOptional: field.isOptional))
                session.table.reads.note(field.name)
                if roles[field.name] == .configProperty {
                    registration.dependencies.append(
                        Dependency(typeName: field.name, isEager: true, ownerTypeName: type, location: location))
                } else if let target {
                    let requirement = PropertyUse.Requirement.field(
                        name: property.name, owner: type, typeName: field.name, isOptional: field.isOptional)
                    uses.append(
                        PropertyUse(path: target + "." + property.name, requirement: requirement, location: location))
                }
            }
        }
        registration.configPropertyTarget = target
        return (valid, uses)
    }

    /// Stored instance properties with a type annotation and no initial value, except `target`.
    private static func isField(_ property: PropertyFact) -> Bool {
        property.name != "target" && property.type != nil && !property.isStatic && !property.isLazy
            && !property.isComputed
            && !property.hasInitialValue && property.wrappers.isEmpty
    }

    /// A field's resolved type when it is a supported value type or a ConfigProperty type of the sources.
    private func fieldType(_ declared: TypeReference, in type: String) -> TypeReference? {
        guard !declared.isUnsupported, !declared.isArray else { return nil }
        var resolved = session.resolver.resolve(declared.name, in: type)
        guard !resolved.isUnsupported, !resolved.isArray, !(declared.isOptional && resolved.isOptional) else {
            return nil
        }
        resolved.isOptional = declared.isOptional || resolved.isOptional
        let isConfigProperty =
            roles[resolved.name] == .configProperty && session.table.entry(resolved.name)?.isDeclared == true
        return ValueConversion.supportedTypes.contains(resolved.name) || isConfigProperty ? resolved : nil
    }
}
