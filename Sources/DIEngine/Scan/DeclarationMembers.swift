/// What a declaration's body holds, kept out of line by `DeclarationFact`: an edit decodes the interface of
/// every file of the project, and with these nine arrays and the ConfigProperty target inline a fact was
/// 200 bytes, most of them empty lists, 14 MB of fresh memory per DI edit of a 10,000-file project.
/// Shared between copies of a fact and copied on the first write to a shared one (`DeclarationFact`).
final class DeclarationMembers: @unchecked Sendable {
    // Unchecked: a box is mutated only through `DeclarationFact.uniqueMembers()`, when no other fact holds it.
    var initializers: [InitializerFact] = []
    var injectMethods: [InjectMethodFact] = []
    var scopeValues: [ScopeValueFact] = []
    var qualifierValues: [QualifierValueFact] = []
    var typealiases: [TypealiasFact] = []
    var properties: [PropertyFact] = []
    var configCalls: [ConfigCallFact] = []
    var injectCalls: [InjectCallFact] = []
    var injectPropertyCalls: [InjectPropertyCallFact] = []
    var configPropertyTarget: String?
    var configPropertyTargetPosition: SourcePosition?

    init() {}

    /// A copy for a fact about to change a shared box.
    init(copying other: DeclarationMembers) {
        initializers = other.initializers
        injectMethods = other.injectMethods
        scopeValues = other.scopeValues
        qualifierValues = other.qualifierValues
        typealiases = other.typealiases
        properties = other.properties
        configCalls = other.configCalls
        injectCalls = other.injectCalls
        injectPropertyCalls = other.injectPropertyCalls
        configPropertyTarget = other.configPropertyTarget
        configPropertyTargetPosition = other.configPropertyTargetPosition
    }

    /// The members a fact without a box has.
    static let empty = DeclarationMembers()

    /// Equal contents: a fact without a box equals one whose box holds nothing.
    func hasSameContents(as other: DeclarationMembers) -> Bool {
        self === other
            || (initializers == other.initializers && injectMethods == other.injectMethods
                && scopeValues == other.scopeValues && qualifierValues == other.qualifierValues
                && typealiases == other.typealiases && properties == other.properties
                && configCalls == other.configCalls && injectCalls == other.injectCalls
                && injectPropertyCalls == other.injectPropertyCalls
                && configPropertyTarget == other.configPropertyTarget
                && configPropertyTargetPosition == other.configPropertyTargetPosition)
    }
}

extension DeclarationFact {
    // Assigning nothing to a fact without a box makes none: the decoder assigns every list, mostly empty.

    /// The box to write to: made on the first write, copied when another fact shares it. No other
    /// reference to the box may be held while it is checked: one bound by `guard let` made every write copy
    /// it, a copy per property the scanner recorded.
    private mutating func uniqueMembers() -> DeclarationMembers {
        if members == nil {
            members = DeclarationMembers()
        } else if !isKnownUniquelyReferenced(&members) {
            members = members.map(DeclarationMembers.init(copying:))
        }
        return members.unsafelyUnwrapped
    }

    var initializers: [InitializerFact] {
        get { members?.initializers ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().initializers = newValue } }
        _modify { yield &uniqueMembers().initializers }
    }

    var injectMethods: [InjectMethodFact] {
        get { members?.injectMethods ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().injectMethods = newValue } }
        _modify { yield &uniqueMembers().injectMethods }
    }

    /// Instance `scope` properties (static ones are ignored by the scanner).
    var scopeValues: [ScopeValueFact] {
        get { members?.scopeValues ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().scopeValues = newValue } }
        _modify { yield &uniqueMembers().scopeValues }
    }

    /// Instance `qualifier` properties.
    var qualifierValues: [QualifierValueFact] {
        get { members?.qualifierValues ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().qualifierValues = newValue } }
        _modify { yield &uniqueMembers().qualifierValues }
    }

    /// Member typealiases declared directly in this body.
    var typealiases: [TypealiasFact] {
        get { members?.typealiases ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().typealiases = newValue } }
        _modify { yield &uniqueMembers().typealiases }
    }

    /// Properties declared directly in this body, in declaration order.
    var properties: [PropertyFact] {
        get { members?.properties ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().properties = newValue } }
        _modify { yield &uniqueMembers().properties }
    }

    /// `Config(...)` calls appearing anywhere in this body (placement checked by `isWholeStoredValue`).
    var configCalls: [ConfigCallFact] {
        get { members?.configCalls ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().configCalls = newValue } }
        _modify { yield &uniqueMembers().configCalls }
    }

    /// `Inject(...)` calls inside this declaration but not inside a nested declaration.
    var injectCalls: [InjectCallFact] {
        get { members?.injectCalls ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().injectCalls = newValue } }
        _modify { yield &uniqueMembers().injectCalls }
    }

    /// `InjectProperty(...)` calls, same placement rule as `injectCalls`.
    var injectPropertyCalls: [InjectPropertyCallFact] {
        get { members?.injectPropertyCalls ?? [] }
        set { if members != nil || !newValue.isEmpty { uniqueMembers().injectPropertyCalls = newValue } }
        _modify { yield &uniqueMembers().injectPropertyCalls }
    }

    /// ConfigProperty `target` value when it is a plain string literal (`let target = "x"` or getter).
    var configPropertyTarget: String? {
        get { members?.configPropertyTarget }
        set { if members != nil || newValue != nil { uniqueMembers().configPropertyTarget = newValue } }
    }

    /// Position of the `target` property, if one was declared (literal or not).
    var configPropertyTargetPosition: SourcePosition? {
        get { members?.configPropertyTargetPosition }
        set { if members != nil || newValue != nil { uniqueMembers().configPropertyTargetPosition = newValue } }
    }
}
