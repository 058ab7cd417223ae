// The wrappers resolve when the wrapped property is initialised (they are eager dependencies), from the
// context creating the owner, or `AppContext.shared` outside any resolution.

/// A single dependency: `@Dependency var session: SessionService`,
/// `@Dependency(qualifier: "q")`, `@Dependency(qualifierBy: "logger.storage")`.
@propertyWrapper
public struct Dependency<Value> {
    public var wrappedValue: Value

    public init(qualifier: String? = nil, resolveRole: ResolveRole = .recursive) {
        wrappedValue = Injection.single(Value.self, qualifier: qualifier, resolveRole: resolveRole)
    }

    public init(qualifierBy path: String, resolveRole: ResolveRole = .recursive) {
        let qualifier = Injection.qualifier(by: path, resolveRole: resolveRole)
        wrappedValue = Injection.single(Value.self, qualifier: qualifier, resolveRole: resolveRole)
    }
}

/// Every instance of a chain: `@DependencyArray(qualifier: "Novel") var novels: [Book]`.
@propertyWrapper
public struct DependencyArray<Value> {
    public var wrappedValue: [Value]

    public init(qualifier: String? = nil, resolveRole: ResolveRole = .default) {
        wrappedValue = Injection.array(Value.self, qualifier: qualifier, resolveRole: resolveRole)
    }

    public init(qualifierBy path: String, resolveRole: ResolveRole = .default) {
        let qualifier = Injection.qualifier(by: path, resolveRole: resolveRole)
        wrappedValue = Injection.array(Value.self, qualifier: qualifier, resolveRole: resolveRole)
    }
}

/// The text of a property: `@PropertyValue("server.url") var serverURL: String`.
@propertyWrapper
public struct PropertyValue {
    public var wrappedValue: String

    public init(_ path: String, resolveRole: ResolveRole = .recursive) {
        wrappedValue = Injection.property(path, resolveRole: resolveRole)
    }
}
