// The lookups of registered instances, by type and qualifier.
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
        payload: T.RawPayload,
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
        payload: T.RawPayload,
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

    /// The cached instances of `T`'s chain entries whose qualifier matches (same lookup as the array
    /// `get`), never creating one: entries without a cached instance are left out.
    public func get<T>(withoutResolve type: [T].Type, qualifier: String = "", resolveRole: ResolveRole = .default)
        -> [T]
    {
        lock.withLockHeld {
            resolveRole.select(from: factoriesInOrder).flatMap { factory in
                factory.chainRegistrations(of: T.self, qualifier: qualifier, kind: .instance).compactMap {
                    factory.cachedInstance(of: $0) as? T
                }
            }
        }
    }

    /// The cached instance of the first registration whose type is named `className` (as `Module.Type`
    /// or `Type`) with exactly `qualifier`, never creating one.
    public func get<T>(
        withoutResolve type: T.Type,
        className: String,
        qualifier: String = "",
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        lock.withLockHeld {
            firstRegistration(named: className, qualifier: qualifier, kind: .instance, resolveRole: resolveRole)
                .flatMap { factory, registration in factory.cachedInstance(of: registration) as? T }
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
            firstRegistration(named: className, qualifier: qualifier, kind: .instance, resolveRole: resolveRole)
                .flatMap { factory, registration in instance(of: registration, in: factory, payload: nil) as? T }
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
                factory.registrations(named: className, qualifier: qualifier, kind: .instance).compactMap {
                    registration in
                    instance(of: registration, in: factory, payload: nil) as? T
                }
            }
        }
    }

    /// A new instance from the unqualified factory registration whose type is named `className`.
    public func get<T: Factory>(
        _ type: T.Type,
        className: String,
        payload: T.RawPayload,
        resolveRole: ResolveRole = .recursive
    ) -> T? {
        lock.withLockHeld {
            firstRegistration(named: className, qualifier: "", kind: .factory, resolveRole: resolveRole)
                .flatMap { factory, registration in instance(of: registration, in: factory, payload: payload) as? T }
        }
    }

    /// The first registration, in the selected factories, whose type is named `className` (DIRuntime's
    /// replacement for Deli's `NSClassFromString`, which does not work on Linux).
    private func firstRegistration(
        named className: String,
        qualifier: String,
        kind: Registration.Kind,
        resolveRole: ResolveRole
    ) -> (ModuleFactory, Registration)? {
        for factory in resolveRole.select(from: factoriesInOrder) {
            if let registration = factory.registrations(named: className, qualifier: qualifier, kind: kind).first {
                return (factory, registration)
            }
        }
        return nil
    }
}
