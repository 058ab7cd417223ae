// The lookups of codegen.md §9.
extension AppContext {
    /// The instance registered as `(T, qualifier)`: the exact key, else the first entry of `T`'s chain
    /// whose qualifier matches (any entry when `qualifier` is empty), in every factory by default.
    public func get<T>(_ type: T.Type, qualifier: String = "", resolveRole: ResolveRole = .recursive) -> T? {
        lock.withLockHeld { resolveSingle(type, qualifier: qualifier, resolveRole: resolveRole) }
    }

    /// Every entry of `T`'s chain whose qualifier matches, in chain order; by default only the first
    /// factory in priority order is searched.
    public func get<T>(_ type: [T].Type, qualifier: String = "", resolveRole: ResolveRole = .default) -> [T] {
        lock.withLockHeld { resolveArray(T.self, qualifier: qualifier, payload: nil, resolveRole: resolveRole) }
    }

    /// A new instance from the factory registered with exactly `(T, qualifier)`.
    public func get<T: Factory>(
        _ type: T.Type,
        qualifier: String = "",
        payload: _Payload,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        lock.withLockHeld {
            for factory in resolveRole.select(from: factoriesInOrder) {
                if let registration = factory.exactRegistration(for: type, qualifier: qualifier, kind: .factory) {
                    return instance(of: registration, in: factory, payload: payload) as? T
                }
            }
            return nil
        }
    }

    /// A new instance from every factory in `T`'s chain whose qualifier matches.
    public func get<T: Factory>(
        _ type: [T].Type,
        qualifier: String = "",
        payload: _Payload,
        resolveRole: ResolveRole = .default
    ) -> [T] {
        lock.withLockHeld { resolveArray(T.self, qualifier: qualifier, payload: payload, resolveRole: resolveRole) }
    }

    /// The cached instance for `(T, qualifier)` (same lookup as `get`), never creating one.
    public func get<T>(withoutResolve type: T.Type, qualifier: String = "", resolveRole: ResolveRole = .recursive)
        -> T?
    {
        lock.withLockHeld {
            for factory in resolveRole.select(from: factoriesInOrder) {
                if let registration = factory.registration(for: type, qualifier: qualifier, kind: .instance) {
                    return factory.cachedInstance(of: registration) as? T
                }
            }
            return nil
        }
    }

    /// The instance of the first registration whose type is named `className` (as `Module.Type` or
    /// `Type`) with exactly `qualifier`, cast to `T`.
    public func get<T>(
        _ type: T.Type,
        className: String,
        qualifier: String = "",
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        lock.withLockHeld {
            for factory in resolveRole.select(from: factoriesInOrder) {
                if let registration = factory.registrations(named: className, qualifier: qualifier).first {
                    return instance(of: registration, in: factory, payload: nil) as? T
                }
            }
            return nil
        }
    }

    /// The instances of every registration whose type is named `className` with exactly `qualifier`.
    public func get<T>(
        _ type: [T].Type,
        className: String,
        qualifier: String = "",
        resolveRole: ResolveRole = .recursive
    ) -> [T] {
        lock.withLockHeld {
            resolveRole.select(from: factoriesInOrder).flatMap { factory in
                factory.registrations(named: className, qualifier: qualifier).compactMap { registration in
                    instance(of: registration, in: factory, payload: nil) as? T
                }
            }
        }
    }
}
