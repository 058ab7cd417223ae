// Property lookups: the context-level properties first, then each selected factory's, first match
// wins. A malformed path gives nil.
extension AppContext {
    /// The value at `path`: a scalar, a `[String: Any]` mapping or an `[Any]` list.
    public func getProperty(_ path: String, resolveRole: ResolveRole = .recursive) -> Any? {
        for root in propertyRoots(resolveRole) {
            if let value = PropertyLookup.value(at: path, in: root) {
                return value
            }
        }
        return nil
    }

    /// The scalar at `path` converted to `T`; nil when absent, not a scalar, or not
    /// convertible (`UInt8` ← `300`, `Bool` ← `yes`).
    public func getProperty<T: PropertyTextConvertible>(
        _ path: String,
        type: T.Type,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        getProperty(path, resolveRole: resolveRole)
            .flatMap(PropertyLookup.text(of:))
            .flatMap(T.init(propertyText:))
    }

    /// A `ConfigProperty` group is registered, not read from a path: this is `get(T.self)`.
    public func getProperty<T: ConfigProperty>(
        _ path: String,
        type: T.Type,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        get(type, resolveRole: resolveRole)
    }
}
