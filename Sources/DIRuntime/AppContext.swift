import Foundation

/// The container that generated code and `Inject(...)` resolve from: an ordered set of loaded
/// `ModuleFactory` instances plus context-level properties.
///
/// One recursive lock guards loading, unloading and every resolution, including the constructors and
/// injectors it runs, so a singleton is created exactly once under concurrent requests and a resolver
/// may resolve other instances without deadlocking. (A resolver that waits for another thread which
/// resolves from the same context would deadlock; resolvers should not block on other threads.)
///
/// Lazy injection differs from Deli on purpose: the injector runs synchronously, on the calling
/// thread, right after the new instance has been stored in its scope cache (so a cycle back to it finds
/// the stored instance) and before the instance is returned. Deli dispatched it to the main queue;
/// `lazyInjection = .mainQueue` restores that.
public final class AppContext: @unchecked Sendable {
    /// The context `Inject(...)`, `Config(...)` and the property wrappers use outside a resolution.
    public static let shared = AppContext()

    private struct LoadedFactory {
        let factory: ModuleFactory
        let priority: UInt
        let loadOrder: Int
    }

    let lock = NSRecursiveLock()
    private(set) var lazyInjectionMode = LazyInjection.synchronous
    private var loaded: [LoadedFactory] = []
    private var nextLoadOrder = 0
    private(set) var factoriesInOrder: [ModuleFactory] = []
    private var contextProperties: [String: Any] = [:]

    /// A context of its own, independent of `shared` (tests, several containers).
    public init() {}

    /// When injectors of lazy registrations (`registerLazy`, `registerLazyFactory`) run: `.synchronous`
    /// (the default) before the request returns, `.mainQueue` on a later turn of the main queue, as Deli.
    public var lazyInjection: LazyInjection {
        get { lock.withLockHeld { lazyInjectionMode } }
        set { lock.withLockHeld { lazyInjectionMode = newValue } }
    }

    /// Creates one instance of each factory type, loads them in order, then creates their `.always`
    /// instances.
    @discardableResult
    public func load(_ factories: [ModuleFactory.Type], priority: LoadPriority = .normal) -> Self {
        load(factories.map { $0.init() }, priority: priority)
    }

    /// Loads `factory`; loading an instance that is already loaded is ignored.
    @discardableResult
    public func load(_ factory: ModuleFactory, priority: LoadPriority = .normal) -> Self {
        load([factory], priority: priority)
    }

    private func load(_ factories: [ModuleFactory], priority: LoadPriority) -> Self {
        lock.withLockHeld {
            var added: [ModuleFactory] = []
            for factory in factories where !isLoaded(factory) {
                claim(factory)
                loaded.append(LoadedFactory(factory: factory, priority: priority.rawValue, loadOrder: nextLoadOrder))
                nextLoadOrder += 1
                added.append(factory)
            }
            sortFactories()
            for factory in added {
                factory.load(context: self)
            }
            for factory in added {
                createEagerInstances(of: factory)
            }
        }
        return self
    }

    /// Removes `factory`, calls its `unload()` and drops its cached instances.
    @discardableResult
    public func unload(_ factory: ModuleFactory) -> Self {
        lock.withLockHeld {
            guard let index = loaded.firstIndex(where: { $0.factory === factory }) else { return }
            loaded.remove(at: index)
            sortFactories()
            factory.storageLock.withLockHeld { factory.owner = nil }
            factory.unload()
            factory.reset()
        }
        return self
    }

    /// Unloads every loaded factory of the given types.
    @discardableResult
    public func unload(_ factoryTypes: [ModuleFactory.Type]) -> Self {
        lock.withLockHeld {
            let identifiers = Set(factoryTypes.map(ObjectIdentifier.init))
            for factory in factoriesInOrder where identifiers.contains(ObjectIdentifier(type(of: factory))) {
                unload(factory)
            }
        }
        return self
    }

    /// Unloads every factory; context-level properties stay.
    @discardableResult
    public func unloadAll() -> Self {
        lock.withLockHeld {
            for factory in factoriesInOrder {
                unload(factory)
            }
        }
        return self
    }

    /// Drops every cached instance of every loaded factory, then creates the `.always` ones again.
    @discardableResult
    public func reset() -> Self {
        lock.withLockHeld {
            for factory in factoriesInOrder {
                factory.reset()
            }
            for factory in factoriesInOrder {
                createEagerInstances(of: factory)
            }
        }
        return self
    }

    /// Every loaded factory (in priority order) that is a `T`.
    public func getFactory<T>(_ type: T.Type) -> [T] {
        lock.withLockHeld {
            factoriesInOrder.compactMap { $0 as? T }
        }
    }

    /// Replaces the context-level properties, which every property lookup consults before the
    /// factories' own.
    public func loadProperty(_ properties: [String: Any]) {
        lock.withLockHeld { contextProperties = properties }
    }

    /// Non-empty property roots in lookup order: the context's, then each selected factory's.
    func propertyRoots(_ resolveRole: ResolveRole) -> [[String: Any]] {
        lock.withLockHeld {
            ([contextProperties] + resolveRole.select(from: factoriesInOrder).map(\.propertyRoot))
                .filter { !$0.isEmpty }
        }
    }

    private func isLoaded(_ factory: ModuleFactory) -> Bool {
        loaded.contains { $0.factory === factory }
    }

    private func claim(_ factory: ModuleFactory) {
        factory.storageLock.withLockHeld {
            if let owner = factory.owner, owner !== self {
                preconditionFailure(
                    "DIRuntime: \(type(of: factory)) is already loaded into another AppContext; unload it first"
                )
            }
            factory.owner = self
        }
    }

    private func sortFactories() {
        loaded.sort { ($0.priority, -$0.loadOrder) > ($1.priority, -$1.loadOrder) }
        factoriesInOrder = loaded.map(\.factory)
    }

    private func createEagerInstances(of factory: ModuleFactory) {
        for registration in factory.eagerRegistrations {
            _ = instance(of: registration, in: factory, payload: nil)
        }
    }
}
