/// A member fact together with the declaration it was found in.
struct Located<Fact> {
    var fact: Fact
    var ref: DeclarationRef
}

/// Chooses the initialiser and `inject` method the generated code calls.
struct MemberSelection {
    let session: LinkSession
    let typeName: String
    let typeLocation: SourceLocation
    let isClass: Bool
    let initializers: [Located<InitializerFact>]
    let injectMethods: [Located<InjectMethodFact>]

    init(session: LinkSession, typeName: String, typeLocation: SourceLocation, isClass: Bool, own: [DeclarationRef]) {
        self.session = session
        self.typeName = typeName
        self.typeLocation = typeLocation
        self.isClass = isClass
        initializers = own.flatMap { ref in
            session.table[ref].initializers.map { Located(fact: $0, ref: ref) }
        }
        injectMethods = own.flatMap { ref in
            session.table[ref].injectMethods.map { Located(fact: $0, ref: ref) }
        }
    }

    /// Why an initialiser cannot be called by the generated code, or nil if it can.
    static func exclusion(of initializer: InitializerFact) -> String? {
        if initializer.isFailable { return "failable" }
        if initializer.isGeneric { return "generic" }
        if initializer.isThrowing { return "throwing" }
        if initializer.isAsync { return "async" }
        if initializer.access <= .fileprivate { return initializer.access.rawValue }
        return nil
    }

    private var usableInitializers: [Located<InitializerFact>] {
        initializers.filter { Self.exclusion(of: $0.fact) == nil }
    }

    /// Autowired and AutowiredFactory: the single usable initialiser, or the single `required` one of a class.
    func autowiredInitializer() -> Located<InitializerFact>? {
        let candidates = usableInitializers
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty {
            var notes = initializers.compactMap { located -> DiagnosticNote? in
                guard let reason = Self.exclusion(of: located.fact) else { return nil }
                return DiagnosticNote(
                    .excludedInitializer, Self.signature(located.fact.parameters), reason, at: location(located))
            }
            if initializers.isEmpty {
                notes.append(DiagnosticNote(.implicitInitializers, at: typeLocation))
            }
            session.report(
                Diagnostic(.noUsableInitializer, typeName, at: typeLocation, notes: notes.sortedByLocation()))
            return nil
        }
        if isClass {
            let required = candidates.filter(\.fact.isRequired)
            if required.count == 1 { return required[0] }
        }
        let advice = isClass ? "mark exactly one 'required'" : "keep exactly one"
        session.report(
            Diagnostic(
                .ambiguousInitializer, typeName, advice, at: typeLocation,
                notes: candidates.map { DiagnosticNote(.candidateInitializer, at: location($0)) }.sortedByLocation()))
        return nil
    }

    /// LazyAutowiredFactory: the single usable initialiser whose only parameter is labelled `payload`.
    func payloadInitializer() -> Located<InitializerFact>? {
        let candidates = usableInitializers.filter {
            $0.fact.parameters.count == 1 && $0.fact.parameters[0].label == "payload"
        }
        guard candidates.count == 1 else {
            session.report(
                Diagnostic(.payloadInitializer, typeName, at: typeLocation))
            return nil
        }
        return candidates[0]
    }

    /// Component, LazyAutowired and Configuration: `T()` must compile (`S05`). True when it does.
    @discardableResult
    func checkCallableWithoutArguments() -> Bool {
        guard !initializers.isEmpty else { return true }
        let callable = usableInitializers.contains { $0.fact.parameters.allSatisfy(\.hasDefaultValue) }
        if !callable {
            session.report(
                Diagnostic(.noArgumentlessInitializer, typeName, at: typeLocation))
        }
        return callable
    }

    /// The single usable `inject` method (`S03`, `S04`). `mutating` ones count; the scanner reports `S06`.
    func injector() -> Located<InjectMethodFact>? {
        let candidates = injectMethods.filter {
            !$0.fact.isGeneric && !$0.fact.isThrowing && !$0.fact.isAsync && $0.fact.access > .fileprivate
        }
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty {
            session.report(Diagnostic(.noInjectMethod, typeName, at: typeLocation))
        } else {
            session.report(
                Diagnostic(
                    .ambiguousInjectMethod, typeName, at: typeLocation,
                    notes: candidates.map {
                        DiagnosticNote(.candidateMethod, at: session.table.location($0.ref, $0.fact.position))
                    }.sortedByLocation()))
        }
        return nil
    }

    private func location(_ located: Located<InitializerFact>) -> SourceLocation {
        session.table.location(located.ref, located.fact.position)
    }

    /// `init(_:service:)`.
    static func signature(_ parameters: [ParameterFact]) -> String {
        "init(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}
