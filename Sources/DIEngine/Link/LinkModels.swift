// Additions to the linked graph that validation needs beyond what code generation reads.

/// What the link stage knows about one type of the scanned sources (declared, or only extended).
public struct DeclaredType: Sendable, Equatable {
    public var name: String
    /// Kind of its first declaration; nil when the sources only extend it.
    public var kind: DeclarationKind?
    /// First byte of the name of its first declaration (or first extension).
    public var location: SourceLocation
    /// Every supertype name, resolved, followed transitively through declared types; DI protocols included.
    public var supertypes: [String]
    /// Superclasses declared in the sources, nearest first.
    public var superclasses: [String]

    public init(
        name: String, kind: DeclarationKind?, location: SourceLocation, supertypes: [String] = [],
        superclasses: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.location = location
        self.supertypes = supertypes
        self.superclasses = superclasses
    }
}

/// A property path the sources read, checked against the merged properties.
public struct PropertyUse: Sendable, Equatable {
    public enum Requirement: Sendable, Equatable {
        /// `InjectProperty("p")`, `@PropertyValue("p")`: must exist and be a scalar.
        case scalar
        /// ConfigProperty field `field` of `owner` with a value type (`Int`, `String?`…): must exist unless
        /// optional, and convert to `typeName` (`null` is fine for an optional field).
        case field(name: String, owner: String, typeName: String, isOptional: Bool)
    }

    public var path: String
    public var requirement: Requirement
    public var location: SourceLocation

    public init(path: String, requirement: Requirement, location: SourceLocation) {
        self.path = path
        self.requirement = requirement
        self.location = location
    }
}
