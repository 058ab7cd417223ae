import Foundation

/// A container of registrations and properties: the generated factory subclasses it and fills it in
/// `load(context:)`. Load it into an `AppContext` to resolve from it.
///
/// A factory instance belongs to at most one context at a time (its generated resolvers capture that
/// context). Its own state is guarded by its own lock, so registering from any thread is safe.
open class ModuleFactory {
    let storageLock = NSRecursiveLock()
    private var registrations: [RegistrationKey: Registration] = [:]
    private var registrationOrder: [RegistrationKey] = []
    private var chains: [ObjectIdentifier: [RegistrationKey]] = [:]
    private var properties: [String: Any] = [:]
    weak var owner: AppContext?

    public required init() {}

    /// Registers everything; called by `AppContext` when the factory is loaded.
    open func load(context: AppContext) {}

    /// Called by `AppContext` when the factory is unloaded, before its cached instances are dropped.
    open func unload() {}

    /// Drops every cached instance (singleton, always and weak); registrations stay.
    public func reset() {
        storageLock.withLockHeld {
            for registration in registrations.values {
                registration.dropCachedInstance()
            }
        }
    }

    /// Registers `type` under `qualifier`; `resolver` creates the instance.
    @discardableResult
    public func register<T>(
        _ type: T.Type,
        resolver: @escaping () -> T,
        qualifier: String = "",
        scope: Scope = .singleton
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .instance, scope: scope, create: { _ in resolver() }, inject: nil)
    }

    /// Registers a type whose `injector` receives the new instance once it is stored in its scope cache.
    @discardableResult
    public func registerLazy<T>(
        _ type: T.Type,
        resolver: @escaping () -> T,
        injector: @escaping (T) -> Void,
        qualifier: String = "",
        scope: Scope = .singleton
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .instance, scope: scope, create: { _ in resolver() }, inject: injector)
    }

    /// Registers a factory: every `get(T.self, payload:)` creates a new instance from the payload.
    @discardableResult
    public func registerFactory<T>(
        _ type: T.Type,
        resolver: @escaping (_Payload) -> T,
        qualifier: String = ""
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .factory, scope: .prototype, create: resolver, inject: nil)
    }

    /// Registers a factory whose `injector` receives every new instance.
    @discardableResult
    public func registerLazyFactory<T>(
        _ type: T.Type,
        resolver: @escaping (_Payload) -> T,
        injector: @escaping (T) -> Void,
        qualifier: String = ""
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .factory, scope: .prototype, create: resolver, inject: injector)
    }

    // Deli's signatures, taking the type-erased `Resolver` and `FactoryResolver`; disfavoured so that a
    // closure literal picks the typed versions above.
    @_disfavoredOverload @discardableResult
    public func register<T>(
        _ type: T.Type,
        resolver: @escaping Resolver,
        qualifier: String = "",
        scope: Scope = .singleton
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .instance, scope: scope, create: { _ in resolver() }, inject: nil)
    }

    @_disfavoredOverload @discardableResult
    public func registerLazy<T>(
        _ type: T.Type,
        resolver: @escaping Resolver,
        injector: @escaping (T) -> Void,
        qualifier: String = "",
        scope: Scope = .singleton
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .instance, scope: scope, create: { _ in resolver() }, inject: injector)
    }

    @_disfavoredOverload @discardableResult
    public func registerFactory<T>(
        _ type: T.Type,
        resolver: @escaping FactoryResolver,
        qualifier: String = ""
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .factory, scope: .prototype, create: resolver, inject: nil)
    }

    @_disfavoredOverload @discardableResult
    public func registerLazyFactory<T>(
        _ type: T.Type,
        resolver: @escaping FactoryResolver,
        injector: @escaping (T) -> Void,
        qualifier: String = ""
    ) -> Linker<T> {
        add(type, qualifier: qualifier, kind: .factory, scope: .prototype, create: resolver, inject: injector)
    }

    /// Deep-merges `properties` into this factory's properties: mappings merge recursively, any other
    /// value replaces the earlier one.
    public func loadProperty(_ properties: [String: Any]) {
        storageLock.withLockHeld {
            self.properties = PropertyLookup.merge(self.properties, properties)
        }
    }

    private func add<T>(
        _ type: T.Type,
        qualifier: String,
        kind: Registration.Kind,
        scope: Scope,
        create: @escaping (_Payload) -> Any,
        inject: ((T) -> Void)?
    ) -> Linker<T> {
        let registration = Registration(
            type: type,
            qualifier: qualifier,
            kind: kind,
            scope: scope,
            create: { payload in create(payload ?? NoPayload()) },
            inject: inject.map { inject in { instance in (instance as? T).map(inject) } }
        )
        storageLock.withLockHeld {
            let key = registration.key
            if registrations.updateValue(registration, forKey: key) == nil {
                registrationOrder.append(key)
            }
            if !key.qualifier.isEmpty {
                appendToChain(key, of: key.type)
            }
        }
        return Linker(factory: self, key: registration.key)
    }

    func link(_ key: RegistrationKey, to type: Any.Type) {
        storageLock.withLockHeld { appendToChain(key, of: ObjectIdentifier(type)) }
    }

    private func appendToChain(_ key: RegistrationKey, of type: ObjectIdentifier) {
        if chains[type, default: []].contains(key) { return }
        chains[type, default: []].append(key)
    }
}

/// Deli's names for the resolver closures the `register` functions take.
public typealias Resolver = () -> Any
public typealias FactoryResolver = (_Payload) -> Any

/// What a non-factory resolver receives in place of a payload (it ignores it).
private struct NoPayload: _Payload {}

// Lookups used by `AppContext`.
extension ModuleFactory {
    /// Exact key first, then the first chain entry of `type` whose qualifier matches
    /// (any entry when `qualifier` is empty).
    func registration(for type: Any.Type, qualifier: String, kind: Registration.Kind) -> Registration? {
        storageLock.withLockHeld {
            if let exact = registrations[RegistrationKey(type, qualifier: qualifier)], exact.kind == kind {
                return exact
            }
            return chainEntries(of: type, qualifier: qualifier, kind: kind).first
        }
    }

    func exactRegistration(for type: Any.Type, qualifier: String, kind: Registration.Kind) -> Registration? {
        storageLock.withLockHeld {
            guard let exact = registrations[RegistrationKey(type, qualifier: qualifier)], exact.kind == kind else {
                return nil
            }
            return exact
        }
    }

    /// Every chain entry of `type` whose qualifier matches, in chain order.
    func chainRegistrations(of type: Any.Type, qualifier: String, kind: Registration.Kind) -> [Registration] {
        storageLock.withLockHeld { chainEntries(of: type, qualifier: qualifier, kind: kind) }
    }

    private func chainEntries(of type: Any.Type, qualifier: String, kind: Registration.Kind) -> [Registration] {
        guard let chain = chains[ObjectIdentifier(type)] else { return [] }
        return chain.compactMap { key in
            guard qualifier.isEmpty || key.qualifier == qualifier,
                let registration = registrations[key], registration.kind == kind
            else { return nil }
            return registration
        }
    }

    /// Registrations whose type is named `typeName` (full or short name), in registration order.
    func registrations(named typeName: String, qualifier: String, kind: Registration.Kind) -> [Registration] {
        storageLock.withLockHeld {
            registrationOrder.compactMap { key in
                guard key.qualifier == qualifier, let registration = registrations[key],
                    registration.kind == kind, registration.matches(typeName: typeName)
                else { return nil }
                return registration
            }
        }
    }

    var eagerRegistrations: [Registration] {
        storageLock.withLockHeld {
            registrationOrder.compactMap { key in registrations[key].flatMap { $0.scope == .always ? $0 : nil } }
        }
    }

    var propertyRoot: [String: Any] {
        storageLock.withLockHeld { properties }
    }

    func cachedInstance(of registration: Registration) -> Any? {
        storageLock.withLockHeld { registration.cachedInstance }
    }

    func cache(_ instance: Any, in registration: Registration) -> Bool {
        storageLock.withLockHeld { registration.cache(instance) }
    }
}

/// Returned by the `register` functions: `link(U.self)` makes the registration findable as `U`.
public final class Linker<T> {
    private weak var factory: ModuleFactory?
    private let key: RegistrationKey

    init(factory: ModuleFactory, key: RegistrationKey) {
        self.factory = factory
        self.key = key
    }

    /// Adds this registration to the chain of `(U, "")`: unqualified and array lookups of `U` find it.
    @discardableResult
    public func link<U>(_ type: U.Type) -> Linker<T> {
        factory?.link(key, to: type)
        return self
    }
}
