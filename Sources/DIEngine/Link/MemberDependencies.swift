/// The dependencies and property uses that belong to a type rather than to its constructor: `Inject(...)`
/// and `InjectProperty(...)` calls and property wrappers.
struct MemberDependencies {
    /// Dependencies by the full name of the owning type, in source order.
    private(set) var byOwner: [String: [Dependency]] = [:]
    private(set) var propertyUses: [PropertyUse] = []

    /// One file's share: its dependencies with their owners, and its property uses, in source order.
    struct OfFile: Equatable {
        var dependencies: [OwnedDependency] = []
        var propertyUses: [PropertyUse] = []
    }

    struct OwnedDependency: Equatable {
        var owner: String
        var dependency: Dependency
    }

    /// Joins the files' shares, in file order.
    init(files: some Sequence<OfFile>) {
        for file in files {
            for owned in file.dependencies { byOwner[owned.owner, default: []].append(owned.dependency) }
            propertyUses += file.propertyUses
        }
    }

    init(session: LinkSession, roles: [String: RegistrationKind]) {
        self.init(files: session.table.sources.indices.map { Self.ofFile($0, session: session, roles: roles) })
    }

    /// The member dependencies and property uses written in one file.
    static func ofFile(_ fileIndex: Int, session: LinkSession, roles: [String: RegistrationKind]) -> OfFile {
        let table = session.table
        let factory = DependencyFactory(session: session)
        var result = OfFile()
        for (index, fact) in table.sources[fileIndex].facts.declarations.enumerated() {
            let ref = DeclarationRef(file: fileIndex, index: index)
            // A declaration with a scan error contributes nothing, to avoid cascading diagnostics.
            guard !session.scanErrors.hasError(ref), let declaring = table.typeName[ref] else { continue }
            table.reads.note(declaring)
            result.collectWrappers(of: fact, in: ref, declaring: declaring, session: session, factory: factory)
            guard let owner = OfFile.injectOwner(of: ref, session: session) else { continue }
            let ownerOfType = DependencyFactory.Owner(typeName: owner, registration: nil)
            for call in fact.injectCalls {
                // Calls inside a `Config(...)` belong to that registration (`ConfigRegistrar`).
                if call.insideConfigProperty != nil && roles[declaring] == .configuration { continue }
                // Construction of a nested type is not construction of the owner.
                let isEager = call.isEager && owner == declaring
                if let dependency = factory.injectCall(call, in: ref, owner: ownerOfType, isEager: isEager) {
                    result.dependencies.append(OwnedDependency(owner: owner, dependency: dependency))
                }
            }
            for call in fact.injectPropertyCalls {
                result.propertyUses.append(
                    PropertyUse(path: call.path, requirement: .scalar, location: table.location(ref, call.position)))
            }
        }
        return result
    }
}

extension MemberDependencies.OfFile {
    /// Wrappers count on every type, registered or not; `@PropertyValue` is only a property use.
    fileprivate mutating func collectWrappers(
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
                    dependencies.append(MemberDependencies.OwnedDependency(owner: declaring, dependency: dependency))
                }
            }
        }
    }

    /// The innermost Inject-capable type among the declaration's type and its lexically enclosing types.
    fileprivate static func injectOwner(of ref: DeclarationRef, session: LinkSession) -> String? {
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
