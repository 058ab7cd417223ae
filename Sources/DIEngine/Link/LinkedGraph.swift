// The linked dependency graph: the output of the link stage and the input of validation, code
// generation, the resolved file and graph export. Names are fully resolved (typealiases expanded,
// lexical lookup done) and lists are in their final output order.

enum RegistrationKind: String, Codable, Sendable, CaseIterable {
    case component, autowired, lazyAutowired, factory, lazyFactory, configuration, config, configProperty, imported
}

/// Stable identity of a registration: `Type` or `Type#qualifier`.
struct RegistrationID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    var typeName: String
    var qualifier: String

    var description: String { qualifier.isEmpty ? typeName : "\(typeName)#\(qualifier)" }

    /// How diagnostics print it: `Type` or `Type(qualifier: "q")`.
    var displayName: String { qualifier.isEmpty ? typeName : "\(typeName)(qualifier: \"\(qualifier)\")" }

    static func < (lhs: RegistrationID, rhs: RegistrationID) -> Bool {
        if lhs.typeName != rhs.typeName { return lhs.typeName.utf8.lexicographicallyPrecedes(rhs.typeName.utf8) }
        return lhs.qualifier.utf8.lexicographicallyPrecedes(rhs.qualifier.utf8)
    }
}

/// One thing a declaration needs from the container.
struct Dependency: Codable, Sendable, Equatable {
    /// Resolved type name (element type for arrays).
    var typeName: String
    var isArray: Bool = false
    /// `Inject(T.self, with: …)`: a factory is requested.
    var isPayload: Bool = false
    /// Written qualifier (label, argument or wrapper); `""` for none.
    var qualifier: String = ""
    /// Property path whose value is the qualifier.
    var qualifierBy: String? = nil
    /// The qualifier that was matched: `qualifier`, or the build-time value of `qualifierBy`.
    var effectiveQualifier: String = ""
    /// Set when the qualifier came from an argument label (`L01` note).
    var qualifierFromLabel: String? = nil
    /// Eager (edge for cycle detection) or deferred.
    var isEager: Bool = true
    /// Owning registration, or nil for a dependency of a non-registered type (property wrappers).
    var owner: RegistrationID? = nil
    /// Owning type name (for non-registered owners).
    var ownerTypeName: String
    var location: SourceLocation
    /// Exact match (no link needed) or candidates after validation, sorted.
    var candidates: [RegistrationID] = []
    /// Satisfied by an exact key, so no link was needed.
    var isExactMatch: Bool = false
    /// At least one candidate comes from another module's resolved file (`resolveRole: .recursive`).
    var hasImportedCandidate: Bool = false
}

/// A constructor or injector argument: the label written in the call and what it resolves.
struct DependencyArgument: Codable, Sendable, Equatable {
    /// nil for `_` (positional).
    var label: String?
    var dependency: Dependency
}

struct ConfigPropertyField: Codable, Sendable, Equatable {
    var name: String
    /// Resolved type name (`String`, `Int`, a ConfigProperty type…).
    var typeName: String
    var isOptional: Bool
}

/// One entry the generated factory registers (or, for `.imported`, one known from a resolved file).
struct Registration: Codable, Sendable, Equatable {
    var id: RegistrationID
    var kind: RegistrationKind
    var scope: ScopeName
    /// Declaration of the type (or of the `Config` call); nil for imported registrations.
    var location: SourceLocation?
    /// Struct (resolved file's `VALUE_TYPE`).
    var isValueType: Bool = false
    /// Autowired / factory constructor arguments, in parameter order (payload excluded).
    var constructorArguments: [DependencyArgument] = []
    /// Lazy injector arguments, in parameter order.
    var injectorArguments: [DependencyArgument] = []
    /// Factory payload type.
    var payloadType: String? = nil
    /// `Config` registrations: the Configuration type and the stored property holding the call.
    var configurationType: String? = nil
    var configPropertyName: String? = nil
    /// ConfigProperty registrations.
    var configPropertyTarget: String? = nil
    var configPropertyFields: [ConfigPropertyField] = []
    /// Links (`.link(X.self)`), sorted and deduplicated, export links included.
    var links: [String] = []
    /// Every dependency of this registration (arguments, `Inject` calls, wrappers, Config arguments), for
    /// cycle detection, the resolved file and graph export.
    var dependencies: [Dependency] = []
    /// Scan errors made the dependency list unknown: not validated, no edges.
    var dependenciesUnknown: Bool = false
    /// Imported registrations: the resolved file's `FACTORY` and `LAZILY` flags.
    var importedIsFactory: Bool = false
    var importedIsLazy: Bool = false

    var isFactory: Bool { Self.isFactory(kind, importedIsFactory: importedIsFactory) }

    /// `isFactory` from the two fields it reads: callers that walk thousands of registrations in an array
    /// read those fields in place instead of copying each registration to ask it.
    static func isFactory(_ kind: RegistrationKind, importedIsFactory: Bool) -> Bool {
        kind == .factory || kind == .lazyFactory || (kind == .imported && importedIsFactory)
    }
}

/// An import line for the generated file.
struct GeneratedImport: Codable, Sendable, Equatable, Hashable {
    var module: String
    var testable: Bool = false
    /// Conjunction of the enclosing `#if` conditions; empty when unconditional.
    var condition: String = ""
}

/// Result of the link stage for one target.
struct LinkedGraph: Sendable, Equatable {
    /// This module's registrations in generation order: type name, qualifier, then source location.
    var registrations: [Registration] = []
    /// Registrations imported from other modules' resolved files.
    var importedRegistrations: [Registration] = []
    /// Dependencies of non-registered owners (property wrappers on plain types, `Inject` in Inject-only types).
    var unownedDependencies: [Dependency] = []
    /// Modules the generated file imports besides the runtime module, already merged and ordered.
    var imports: [GeneratedImport] = []
    /// The merged properties (`loadProperty`).
    var properties: PropertyNode = .emptyMapping
    /// Property paths the sources read (`InjectProperty`, `@PropertyValue`, ConfigProperty fields), for validation.
    var propertyUses: [PropertyUse] = []
    /// The types declared or extended in the scanned sources that registrations and dependencies name (and
    /// those a caller asked to describe), by resolved full name (validation notes, matching).
    var types: [String: DeclaredType] = [:]
    /// The factory's blocks but their links, rendered beside the resolution (`Linker.assemble`).
    var factoryBlocks = PrerenderedFactory()
}
