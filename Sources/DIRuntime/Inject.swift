// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The Deli API names these functions in UpperCamelCase; source compatibility requires the same names.

// `Inject(...)` and `InjectProperty(...)` resolve at run time from the context creating the caller, or
// from `AppContext.shared` outside any resolution (see `ResolutionTrace`). Both static and instance
// versions exist so that the calls work in stored-property initialisers, static members and methods.
extension Inject {
    /// The instance registered as `(T, qualifier)`; stops with a message naming the type, qualifier and
    /// resolution chain when there is none.
    public static func Inject<T>(
        _ type: T.Type, qualifier: String? = nil, resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.single(type, qualifier: qualifier, resolveRole: resolveRole)
    }

    /// Every instance of `T`'s chain with a matching qualifier (empty when there is none).
    public static func Inject<T>(
        _ type: [T].Type, qualifier: String? = nil, resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.array(T.self, qualifier: qualifier, resolveRole: resolveRole)
    }

    /// A new instance from the factory `T`, given the tuple its `Payload` is built from.
    public static func Inject<T: Factory>(
        _ type: T.Type, qualifier: String? = nil, with payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.factory(type, qualifier: qualifier, payload: payload, resolveRole: resolveRole)
    }

    /// A new instance from every factory in `T`'s chain, given the tuple its `Payload` is built from.
    public static func Inject<T: Factory>(
        _ type: [T].Type, qualifier: String? = nil, with payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.factories(T.self, qualifier: qualifier, payload: payload, resolveRole: resolveRole)
    }

    /// The instance whose qualifier is the value of the property at `qualifierBy`.
    public static func Inject<T>(
        _ type: T.Type, qualifierBy path: String, resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.single(
            type, qualifier: Injection.qualifier(by: path, resolveRole: resolveRole), resolveRole: resolveRole)
    }

    /// Every instance of `T`'s chain whose qualifier is the value of the property at `qualifierBy`.
    public static func Inject<T>(
        _ type: [T].Type, qualifierBy path: String, resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.array(
            T.self, qualifier: Injection.qualifier(by: path, resolveRole: resolveRole), resolveRole: resolveRole)
    }

    /// The text of the property at `path`; stops with a message when it is missing or not a scalar.
    public static func InjectProperty(
        _ path: String, resolveRole: ResolveRole = .recursive
    ) -> String {
        Injection.property(path, resolveRole: resolveRole)
    }

    /// The instance registered as `(T, qualifier)`; stops with a message naming the type, qualifier and
    /// resolution chain when there is none.
    public func Inject<T>(
        _ type: T.Type, qualifier: String? = nil, resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.single(type, qualifier: qualifier, resolveRole: resolveRole)
    }

    /// Every instance of `T`'s chain with a matching qualifier (empty when there is none).
    public func Inject<T>(
        _ type: [T].Type, qualifier: String? = nil, resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.array(T.self, qualifier: qualifier, resolveRole: resolveRole)
    }

    /// A new instance from the factory `T`, given the tuple its `Payload` is built from.
    public func Inject<T: Factory>(
        _ type: T.Type, qualifier: String? = nil, with payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.factory(type, qualifier: qualifier, payload: payload, resolveRole: resolveRole)
    }

    /// A new instance from every factory in `T`'s chain, given the tuple its `Payload` is built from.
    public func Inject<T: Factory>(
        _ type: [T].Type, qualifier: String? = nil, with payload: T.RawPayload.Tuple,
        resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.factories(T.self, qualifier: qualifier, payload: payload, resolveRole: resolveRole)
    }

    /// The instance whose qualifier is the value of the property at `qualifierBy`.
    public func Inject<T>(
        _ type: T.Type, qualifierBy path: String, resolveRole: ResolveRole = .recursive
    ) -> T {
        Injection.single(
            type, qualifier: Injection.qualifier(by: path, resolveRole: resolveRole), resolveRole: resolveRole)
    }

    /// Every instance of `T`'s chain whose qualifier is the value of the property at `qualifierBy`.
    public func Inject<T>(
        _ type: [T].Type, qualifierBy path: String, resolveRole: ResolveRole = .default
    ) -> [T] {
        Injection.array(
            T.self, qualifier: Injection.qualifier(by: path, resolveRole: resolveRole), resolveRole: resolveRole)
    }

    /// The text of the property at `path`; stops with a message when it is missing or not a scalar.
    public func InjectProperty(
        _ path: String, resolveRole: ResolveRole = .recursive
    ) -> String {
        Injection.property(path, resolveRole: resolveRole)
    }
}
