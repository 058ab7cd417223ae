// Additions to the linked graph that validation needs beyond what code generation reads.

/// What the link stage knows about one type of the scanned sources (declared, or only extended).
struct DeclaredType: Sendable, Equatable {
    var name: String
    /// Kind of its first declaration; nil when the sources only extend it.
    var kind: DeclarationKind?
    /// First byte of the name of its first declaration (or first extension).
    var location: SourceLocation
    /// Every supertype name, resolved, followed transitively through declared types; DI protocols included.
    var supertypes: [String] = []
    /// Superclasses declared in the sources, nearest first.
    var superclasses: [String] = []
}

/// A property path the sources read, checked against the merged properties.
struct PropertyUse: Sendable, Equatable {
    enum Requirement: Sendable, Equatable {
        /// `InjectProperty("p")`, `@PropertyValue("p")`: must exist and be a scalar.
        case scalar
        /// ConfigProperty field `field` of `owner` with a value type (`Int`, `String?`…): must exist unless
        /// optional, and convert to `typeName` (`null` is fine for an optional field).
        case field(name: String, owner: String, typeName: String, isOptional: Bool)
    }

    var path: String
    var requirement: Requirement
    var location: SourceLocation
}
