// The linked dependency graph: the output of the link stage and the input of validation, code
// generation, the resolved file and graph export. Names are fully resolved (typealiases expanded,
// lexical lookup done) and lists are in their final output order.

public enum RegistrationKind: String, Codable, Sendable {
    case component, autowired, lazyAutowired, factory, lazyFactory, configuration, config, configProperty, imported
}

/// Stable identity of a registration: `Type` or `Type#qualifier`.
public struct RegistrationID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var typeName: String
    public var qualifier: String

    public init(typeName: String, qualifier: String) {
        self.typeName = typeName
        self.qualifier = qualifier
    }

    public var description: String { qualifier.isEmpty ? typeName : "\(typeName)#\(qualifier)" }

    /// How diagnostics print it: `Type` or `Type(qualifier: "q")`.
    public var displayName: String { qualifier.isEmpty ? typeName : "\(typeName)(qualifier: \"\(qualifier)\")" }

    public static func < (lhs: RegistrationID, rhs: RegistrationID) -> Bool {
        if lhs.typeName != rhs.typeName { return lhs.typeName.utf8.lexicographicallyPrecedes(rhs.typeName.utf8) }
        return lhs.qualifier.utf8.lexicographicallyPrecedes(rhs.qualifier.utf8)
    }
}

/// One thing a declaration needs from the container.
public struct Dependency: Codable, Sendable, Equatable {
    /// Resolved type name (element type for arrays).
    public var typeName: String
    public var isArray: Bool
    /// `Inject(T.self, with: …)`: a factory is requested.
    public var isPayload: Bool
    /// Written qualifier (label, argument or wrapper); `""` for none.
    public var qualifier: String
    /// Property path whose value is the qualifier.
    public var qualifierBy: String?
    /// The qualifier that was matched: `qualifier`, or the build-time value of `qualifierBy`.
    public var effectiveQualifier: String
    /// Set when the qualifier came from an argument label (`L01` note).
    public var qualifierFromLabel: String?
    /// Eager (edge for cycle detection) or deferred.
    public var isEager: Bool
    /// Owning registration, or nil for a dependency of a non-registered type (property wrappers).
    public var owner: RegistrationID?
    /// Owning type name (for non-registered owners).
    public var ownerTypeName: String
    public var location: SourceLocation
    /// Exact match (no link needed) or candidates after validation, sorted.
    public var candidates: [RegistrationID]
    /// Satisfied by an exact key, so no link was needed.
    public var isExactMatch: Bool
    /// At least one candidate comes from another module's resolved file (`resolveRole: .recursive`).
    public var hasImportedCandidate: Bool

    public init(
        typeName: String, isArray: Bool = false, isPayload: Bool = false, qualifier: String = "",
        qualifierBy: String? = nil, effectiveQualifier: String = "", qualifierFromLabel: String? = nil,
        isEager: Bool = true, owner: RegistrationID? = nil, ownerTypeName: String, location: SourceLocation,
        candidates: [RegistrationID] = [], isExactMatch: Bool = false, hasImportedCandidate: Bool = false
    ) {
        self.typeName = typeName
        self.isArray = isArray
        self.isPayload = isPayload
        self.qualifier = qualifier
        self.qualifierBy = qualifierBy
        self.effectiveQualifier = effectiveQualifier
        self.qualifierFromLabel = qualifierFromLabel
        self.isEager = isEager
        self.owner = owner
        self.ownerTypeName = ownerTypeName
        self.location = location
        self.candidates = candidates
        self.isExactMatch = isExactMatch
        self.hasImportedCandidate = hasImportedCandidate
    }
}

/// A constructor or injector argument: the label written in the call and what it resolves.
public struct DependencyArgument: Codable, Sendable, Equatable {
    /// nil for `_` (positional).
    public var label: String?
    public var dependency: Dependency

    public init(label: String?, dependency: Dependency) {
        self.label = label
        self.dependency = dependency
    }
}

public struct ConfigPropertyField: Codable, Sendable, Equatable {
    public var name: String
    /// Resolved type name (`String`, `Int`, a ConfigProperty type…).
    public var typeName: String
    public var isOptional: Bool

    public init(name: String, typeName: String, isOptional: Bool) {
        self.name = name
        self.typeName = typeName
        self.isOptional = isOptional
    }
}

/// One entry the generated factory registers (or, for `.imported`, one known from a resolved file).
public struct Registration: Codable, Sendable, Equatable {
    public var id: RegistrationID
    public var kind: RegistrationKind
    public var scope: ScopeName
    /// Declaration of the type (or of the `Config` call); nil for imported registrations.
    public var location: SourceLocation?
    /// Struct (resolved file's `VALUE_TYPE`).
    public var isValueType: Bool
    /// Autowired / factory constructor arguments, in parameter order (payload excluded).
    public var constructorArguments: [DependencyArgument]
    /// Lazy injector arguments, in parameter order.
    public var injectorArguments: [DependencyArgument]
    /// Factory payload type.
    public var payloadType: String?
    /// `Config` registrations: the Configuration type and the stored property holding the call.
    public var configurationType: String?
    public var configPropertyName: String?
    /// ConfigProperty registrations.
    public var configPropertyTarget: String?
    public var configPropertyFields: [ConfigPropertyField]
    /// Links (`.link(X.self)`), sorted and deduplicated, export links included.
    public var links: [String]
    /// Every dependency of this registration (arguments, `Inject` calls, wrappers, Config arguments), for
    /// cycle detection, the resolved file and graph export.
    public var dependencies: [Dependency]
    /// Scan errors made the dependency list unknown: not validated, no edges (`diagnostics.md` §2).
    public var dependenciesUnknown: Bool
    /// Imported registrations: the resolved file's `FACTORY` and `LAZILY` flags.
    public var importedIsFactory: Bool
    public var importedIsLazy: Bool

    public init(
        id: RegistrationID, kind: RegistrationKind, scope: ScopeName, location: SourceLocation?,
        isValueType: Bool = false, constructorArguments: [DependencyArgument] = [],
        injectorArguments: [DependencyArgument] = [], payloadType: String? = nil, configurationType: String? = nil,
        configPropertyName: String? = nil, configPropertyTarget: String? = nil,
        configPropertyFields: [ConfigPropertyField] = [], links: [String] = [], dependencies: [Dependency] = [],
        dependenciesUnknown: Bool = false, importedIsFactory: Bool = false, importedIsLazy: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.scope = scope
        self.location = location
        self.isValueType = isValueType
        self.constructorArguments = constructorArguments
        self.injectorArguments = injectorArguments
        self.payloadType = payloadType
        self.configurationType = configurationType
        self.configPropertyName = configPropertyName
        self.configPropertyTarget = configPropertyTarget
        self.configPropertyFields = configPropertyFields
        self.links = links
        self.dependencies = dependencies
        self.dependenciesUnknown = dependenciesUnknown
        self.importedIsFactory = importedIsFactory
        self.importedIsLazy = importedIsLazy
    }

    public var isFactory: Bool { kind == .factory || kind == .lazyFactory || (kind == .imported && importedIsFactory) }
}

/// An import line for the generated file (`codegen.md` §1, "Imports").
public struct GeneratedImport: Codable, Sendable, Equatable, Hashable {
    public var module: String
    public var testable: Bool
    /// Conjunction of the enclosing `#if` conditions; empty when unconditional.
    public var condition: String

    public init(module: String, testable: Bool = false, condition: String = "") {
        self.module = module
        self.testable = testable
        self.condition = condition
    }
}

/// Result of the link stage for one target.
public struct LinkedGraph: Sendable, Equatable {
    /// This module's registrations in generation order: type name, qualifier, then source location.
    public var registrations: [Registration]
    /// Registrations imported from other modules' resolved files.
    public var importedRegistrations: [Registration]
    /// Dependencies of non-registered owners (property wrappers on plain types, `Inject` in Inject-only types).
    public var unownedDependencies: [Dependency]
    /// Modules the generated file imports besides the runtime module, already merged and ordered.
    public var imports: [GeneratedImport]
    /// The merged properties (`loadProperty`).
    public var properties: PropertyNode
    /// Property paths the sources read (`InjectProperty`, `@PropertyValue`, ConfigProperty fields), for validation.
    public var propertyUses: [PropertyUse]
    /// The types declared or extended in the scanned sources that registrations and dependencies name (and
    /// those a caller asked to describe), by resolved full name (validation notes, matching).
    public var types: [String: DeclaredType]

    public init(
        registrations: [Registration] = [], importedRegistrations: [Registration] = [],
        unownedDependencies: [Dependency] = [], imports: [GeneratedImport] = [],
        properties: PropertyNode = .emptyMapping, propertyUses: [PropertyUse] = [], types: [String: DeclaredType] = [:]
    ) {
        self.registrations = registrations
        self.importedRegistrations = importedRegistrations
        self.unownedDependencies = unownedDependencies
        self.imports = imports
        self.properties = properties
        self.propertyUses = propertyUses
        self.types = types
    }
}
