/// The dependencies and property uses that belong to a type rather than to its constructor: `Inject(...)`
/// and `InjectProperty(...)` calls and property wrappers.
struct MemberDependencies {
    /// Dependencies by the full name of the owning type, in source order.
    private(set) var byOwner: [String: [Dependency]] = [:]
    private(set) var propertyUses: [PropertyUse] = []

    init(session: LinkSession, roles: [String: RegistrationKind]) {
        let table = session.table
        let factory = DependencyFactory(session: session)
        for (fileIndex, source) in table.sources.enumerated() {
            for (index, fact) in source.facts.declarations.enumerated() {
                let ref = DeclarationRef(file: fileIndex, index: index)
                // A declaration with a scan error contributes nothing, to avoid cascading diagnostics.
                guard !session.scanErrors.hasError(ref), let declaring = table.typeName[ref] else { continue }
                collectWrappers(of: fact, in: ref, declaring: declaring, session: session, factory: factory)
                guard let owner = Self.injectOwner(of: ref, session: session) else { continue }
                let ownerOfType = DependencyFactory.Owner(typeName: owner, registration: nil)
                for call in fact.injectCalls {
                    // Calls inside a `Config(...)` belong to that registration (`ConfigRegistrar`).
                    if call.insideConfigProperty != nil && roles[declaring] == .configuration { continue }
                    // Construction of a nested type is not construction of the owner.
                    let isEager = call.isEager && owner == declaring
                    if let dependency = factory.injectCall(call, in: ref, owner: ownerOfType, isEager: isEager) {
                        byOwner[owner, default: []].append(dependency)
                    }
                }
                for call in fact.injectPropertyCalls {
                    propertyUses.append(
                        PropertyUse(path: call.path, requirement: .scalar, location: table.location(ref, call.position))
                    )
                }
            }
        }
    }

    /// Wrappers count on every type, registered or not; `@PropertyValue` is only a property use.
    private mutating func collectWrappers(
        of fact: DeclarationFact, in ref: DeclarationRef, declaring: String, session: LinkSession,
        factory: DependencyFactory
    ) {
        let owner = DependencyFactory.Owner(typeName: declaring, registration: nil)
        for property in fact.properties {
            for wrapper in property.wrappers {
                if wrapper.kind == .propertyValue {
                    if wrapper.isValid, let path = wrapper.propertyPath {
                        let location = session.table.location(ref, wrapper.position)
                        propertyUses.append(PropertyUse(path: path, requirement: .scalar, location: location))
                    }
                } else if let dependency = factory.wrapper(wrapper, on: property, in: ref, owner: owner) {
                    byOwner[declaring, default: []].append(dependency)
                }
            }
        }
    }

    /// The innermost Inject-capable type among the declaration's type and its lexically enclosing types.
    private static func injectOwner(of ref: DeclarationRef, session: LinkSession) -> String? {
        var candidate = session.table.typeName[ref] ?? ""
        var scope = session.table.enclosingScope[ref] ?? ""
        while !candidate.isEmpty {
            if session.hierarchy.isInjectCapable(candidate) { return candidate }
            candidate = scope
            scope = NameResolver.parent(of: scope)
        }
        return nil
    }
}
