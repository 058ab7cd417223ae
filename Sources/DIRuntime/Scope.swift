/// How long a registered instance lives.
public enum Scope: Sendable, Hashable {
    /// Created eagerly when its factory is loaded (and again after `AppContext.reset()`), then cached.
    case always
    /// Created on first request, then cached until the factory is reset or unloaded.
    case singleton
    /// A new instance for every request.
    case prototype
    /// Cached weakly: reused while someone else holds it. Value types behave as `prototype`.
    case weak
}

/// The order in which an `AppContext` consults its loaded factories: higher first.
public enum LoadPriority: Sendable, Hashable {
    case high
    case normal
    case low
    case priority(UInt)

    /// 1000, 500, 100, or the custom value.
    public var rawValue: UInt {
        switch self {
        case .high: return 1000
        case .normal: return 500
        case .low: return 100
        case .priority(let value): return value
        }
    }
}

/// Which loaded factories a lookup searches.
public enum ResolveRole {
    /// Only the first factory in priority order.
    case `default`
    /// Every factory, in priority order.
    case recursive
    /// The factories the closure returns, given every factory in priority order.
    case custom(([ModuleFactory]) -> [ModuleFactory])

    func select(from factories: [ModuleFactory]) -> [ModuleFactory] {
        switch self {
        case .default: return factories.first.map { [$0] } ?? []
        case .recursive: return factories
        case .custom(let choose): return choose(factories)
        }
    }
}

/// Deli's earlier name for `ResolveRole`.
@available(*, deprecated, renamed: "ResolveRole")
public typealias ResolveRule = ResolveRole

/// When an `AppContext` runs the injectors of lazy registrations (`LazyAutowired`, `LazyAutowiredFactory`).
public enum LazyInjection: Sendable, Hashable {
    /// On the resolving thread, after the new instance is stored and before the outermost request
    /// returns: deterministic, and needs no run loop (command-line tools). The default.
    case synchronous
    /// Dispatched to the main queue, as Deli does: the dependencies are set on a later turn of the main
    /// run loop (`RunLoop.main.run(until:)`, `dispatchMain()`, an app's event loop), not before `get` returns.
    case mainQueue
}
