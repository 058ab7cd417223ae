/// Builds the registration of each type that lists a registration protocol (kind, scope, qualifier,
/// constructor and injector arguments). `Config(...)` registrations are built by `ConfigRegistrar`.
struct TypeRegistrar {
    let session: LinkSession
    /// The registration kind of every type that lists a registration protocol.
    let roles: [String: RegistrationKind]

    private var table: TypeTable { session.table }
    private var factory: DependencyFactory { DependencyFactory(session: session) }

    /// The registration protocol a type lists first: in its first own declaration that lists one, else in
    /// its first extension that does (the order of `TypeEntry.declarations`). Only types declared or
    /// extended in `files` (those that may register, `FileFacts.mayRegisterOrDepend`) can have a role, so
    /// the rest of the table is not visited, and each declaration of those files is read once.
    static func roles(in table: TypeTable, files: [Int]) -> [String: RegistrationKind] {
        // Where each role was taken from, as (0 for an own declaration, 1 for an extension; the declaration):
        // a later own declaration still wins over an earlier extension.
        var found: [String: (kind: RegistrationKind, order: (Int, DeclarationRef))] = [:]
        let parts = table.sources.parts
        for file in files {
            // A kept part lists them without the file's facts being decoded. Its fields are read in place: a
            // copy of the part retained each of them, and the kept parts' names and kinds share one array
            // with the main thread.
            let listed = parts[file]?.roles ?? TablePart.roles(of: table.sources[file].facts.declarations)
            for role in listed {
                let ref = DeclarationRef(file: file, index: Int(role.index))
                guard let name = table.typeName[ref] else { continue }
                let kind = parts[file]?.kind(at: ref.index) ?? table[ref].kind
                let order = (kind == .extension ? 1 : 0, ref)
                if let current = found[name], current.order <= order { continue }
                found[name] = (role.kind, order)
            }
        }
        return found.mapValues(\.kind)
    }

    /// One registration per declaration variant: a type declared once gives at most one; a type declared in
    /// several `#if` branches gives one per branch (identical ones are merged later).
    func registrations(for entry: TypeEntry) -> [PendingRegistration] {
        guard roles[entry.name] != nil else { return [] }
        if entry.primaries.count <= 1 {
            let own = Array(entry.declarations)
            return registration(of: entry.name, primary: entry.primaries.first, own: own).map { [$0] } ?? []
        }
        return entry.primaries.compactMap { registration(of: entry.name, primary: $0, own: [$0] + entry.extensions) }
    }

    private struct Listing {
        var name: String
        var kind: RegistrationKind
        var ref: DeclarationRef
        var position: SourcePosition
    }

    private func registration(of type: String, primary: DeclarationRef?, own: [DeclarationRef])
        -> PendingRegistration?
    {
        let listings = own.flatMap { ref in
            table[ref].inherited.compactMap { inherited in
                LinkNames.registrationKinds[inherited.name].map {
                    Listing(name: inherited.name, kind: $0, ref: ref, position: inherited.position)
                }
            }
        }
        guard let role = listings.first else { return nil }
        let typeRef = primary ?? role.ref
        let typeLocation = table.location(of: typeRef)
        var valid = checkRegistrable(type, primary: primary, listings: listings, at: typeLocation)
        let kind = primary.map { table[$0].kind }
        let selection = MemberSelection(
            session: session, typeName: type, typeLocation: typeLocation, isClass: kind != .struct, own: own)
        let owner = DependencyFactory.Owner(typeName: type, registration: nil)
        var registration = Registration(
            id: RegistrationID(typeName: type, qualifier: ""), kind: role.kind, scope: .singleton,
            location: typeLocation, isValueType: kind == .struct)
        var propertyUses: [PropertyUse] = []
        if valid {
            switch role.kind {
            case .component, .configuration:
                valid = selection.checkCallableWithoutArguments()
            case .autowired:
                let initializer = selection.autowiredInitializer().map { ($0.fact.parameters, $0.ref) }
                valid = arguments(of: initializer, owner: owner, into: &registration, at: \.constructorArguments)
            case .lazyAutowired:
                valid = selection.checkCallableWithoutArguments()
                valid = injector(selection, owner: owner, into: &registration) && valid
            case .factory:
                valid = factoryConstructor(selection.autowiredInitializer(), owner: owner, into: &registration)
            case .lazyFactory:
                valid = payload(of: selection.payloadInitializer(), owner: owner, into: &registration)
                valid = injector(selection, owner: owner, into: &registration) && valid
            case .configProperty:
                let fields = ConfigPropertyFields(session: session, roles: roles)
                (valid, propertyUses) = fields.build(
                    type: type, own: own, typeLocation: typeLocation, into: &registration)
            case .config, .imported:
                break
            }
        }
        applyScopeAndQualifier(to: &registration, own: own, isStruct: kind == .struct, typeLocation: typeLocation)
        registration.claimArguments()
        registration.dependenciesUnknown = !valid || session.hasScanError(own)
        let conditions = table[typeRef].conditions
        return PendingRegistration(
            registration: registration, conditions: conditions, ownsTypeDependencies: true, propertyUses: propertyUses)
    }

    /// `S29`–`S33`, decided here alone, over every listing of a registration protocol in any file: only
    /// internal-or-more-visible, non-generic classes and structs, listing one protocol, without a
    /// conditional conformance. Any problem makes the registration invalid.
    private func checkRegistrable(
        _ type: String, primary: DeclarationRef?, listings: [Listing], at typeLocation: SourceLocation
    ) -> Bool {
        let names = Self.distinctNames(listings)
        var problems: [Diagnostic] = []
        if let primary {
            let fact = table[primary]
            switch fact.kind {
            case .protocol:
                session.report(Diagnostic(.protocolRegistration, type, names[0], at: typeLocation))
                return false
            case .enum, .actor:
                session.report(Diagnostic(.kindRegistration, fact.kind.rawValue, type, at: typeLocation))
                return false
            case .class, .struct, .extension:
                break
            }
            if let reason = Self.privacyReason(fact) {
                problems.append(Diagnostic(.privateType, type, reason, at: typeLocation))
            }
            if fact.isGeneric { problems.append(Diagnostic(.genericType, type, at: typeLocation)) }
        }
        // A generic type is reported as such; its conditional conformances add nothing.
        if !(primary.map { table[$0].isGeneric } ?? false) {
            for listing in listings where table[listing.ref].kind == .extension && table[listing.ref].hasWhereClause {
                problems.append(
                    Diagnostic(.conditionalConformance, type, listing.name, at: table.location(of: listing.ref)))
            }
        }
        if names.count > 1 {
            let notes = listings.map {
                DiagnosticNote(.listedHere, $0.name, at: table.location($0.ref, $0.position))
            }.sortedByLocation()
            problems.append(
                Diagnostic(
                    .severalRegistrations, type, DiagnosticMessage.quotedList(names), at: typeLocation, notes: notes))
        }
        for problem in problems { session.report(problem) }
        return problems.isEmpty
    }

    private static func distinctNames(_ listings: [Listing]) -> [String] {
        var names: [String] = []
        for listing in listings where !names.contains(listing.name) { names.append(listing.name) }
        return names
    }

    /// Why a type is not visible to the generated factory: the private type it is nested in, else its own
    /// `private` or `fileprivate`; nil when it is visible. (Facts keep the effective access, capped by the
    /// enclosing types, so a private type inside a private type is reported by its enclosing type.)
    private static func privacyReason(_ fact: DeclarationFact) -> String? {
        if let outer = fact.insidePrivateType { return "inside private type '\(outer)'" }
        return fact.access <= .fileprivate ? fact.access.rawValue : nil
    }

    private func arguments(
        _ parameters: some Sequence<ParameterFact>, in ref: DeclarationRef, owner: DependencyFactory.Owner,
        isEager: Bool
    ) -> [DependencyArgument]? {
        var result: [DependencyArgument] = []
        var valid = true
        for parameter in parameters {
            if let argument = factory.parameter(parameter, in: ref, owner: owner, isEager: isEager) {
                result.append(argument)
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    /// Sets the constructor (eager) or injector (deferred) arguments from the chosen member's parameters.
    private func arguments(
        of member: (parameters: [ParameterFact], ref: DeclarationRef)?, owner: DependencyFactory.Owner,
        into registration: inout Registration, at keyPath: WritableKeyPath<Registration, [DependencyArgument]>
    ) -> Bool {
        let isEager = keyPath == \Registration.constructorArguments
        guard let member, let arguments = arguments(member.parameters, in: member.ref, owner: owner, isEager: isEager)
        else { return false }
        registration[keyPath: keyPath] = arguments
        return true
    }

    private func injector(
        _ selection: MemberSelection, owner: DependencyFactory.Owner, into registration: inout Registration
    ) -> Bool {
        let method = selection.injector().map { ($0.fact.parameters, $0.ref) }
        return arguments(of: method, owner: owner, into: &registration, at: \.injectorArguments)
    }

    /// AutowiredFactory: the last parameter is `payload: P`, the others are dependencies (`S07`).
    private func factoryConstructor(
        _ initializer: Located<InitializerFact>?, owner: DependencyFactory.Owner, into registration: inout Registration
    ) -> Bool {
        guard let initializer else { return false }
        let parameters = initializer.fact.parameters
        guard let last = parameters.last, last.label == "payload", !last.type.isUnsupported, !last.type.isArray,
            !last.type.isOptional
        else {
            session.report(
                Diagnostic(
                    .factoryPayloadParameter, owner.typeName,
                    at: table.location(initializer.ref, initializer.fact.position)))
            return false
        }
        let payloadValid = payload(of: initializer, owner: owner, into: &registration)
        guard
            let arguments = arguments(parameters.dropLast(), in: initializer.ref, owner: owner, isEager: true)
        else { return false }
        registration.constructorArguments = arguments
        return payloadValid
    }

    /// The payload type of a factory initialiser's last parameter, resolved like any dependency (`_Payload` included).
    private func payload(
        of initializer: Located<InitializerFact>?, owner: DependencyFactory.Owner, into registration: inout Registration
    ) -> Bool {
        guard let initializer, let last = initializer.fact.parameters.last else { return false }
        let location = table.location(initializer.ref, last.position)
        guard let type = factory.resolveType(last.type, scope: owner.typeName, aliasOwner: owner.typeName, at: location)
        else { return false }
        registration.payloadType = type.name
        return true
    }

    private func applyScopeAndQualifier(
        to registration: inout Registration, own: [DeclarationRef], isStruct: Bool, typeLocation: SourceLocation
    ) {
        let type = registration.id.typeName
        let lookup = ScopeQualifierLookup(session: session, type: type, own: own, typeLocation: typeLocation)
        switch registration.kind {
        case .component, .autowired, .lazyAutowired:
            let scope = lookup.scope()
            registration.scope = scope?.value ?? .singleton
            // The scanner reports a struct's own '.weak' (`S11`); the linker the one an extension gives it.
            if let scope, scope.value == .weak, isStruct, table[scope.ref].kind != .struct {
                session.report(Diagnostic(.weakStruct, type, at: scope.location))
            }
            registration.id.qualifier = lookup.qualifier()?.value ?? ""
        case .factory, .lazyFactory:
            registration.scope = .prototype
            for location in lookup.ownScopes() {
                session.report(Diagnostic(.factoryScopeIgnored, type, at: location))
            }
            registration.id.qualifier = lookup.qualifier()?.value ?? ""
        case .configProperty:
            registration.scope = .prototype
        case .configuration, .config, .imported:
            registration.scope = .singleton
        }
    }
}

extension Registration {
    /// Puts the constructor and injector arguments first among the dependencies and makes this registration
    /// the owner of every dependency (its qualifier is only known after the arguments were collected).
    mutating func claimArguments() {
        dependencies = (constructorArguments + injectorArguments).map(\.dependency) + dependencies
        let id = id
        for index in constructorArguments.indices { constructorArguments[index].dependency.owner = id }
        for index in injectorArguments.indices { injectorArguments[index].dependency.owner = id }
        for index in dependencies.indices { dependencies[index].owner = id }
    }
}
