// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The Deli API names these functions in UpperCamelCase; source compatibility requires the same names.

/// A type whose stored properties register instances with `Config(...)`. The generated code registers
/// the Configuration type itself (unqualified singleton) and, for each `Config` property, a resolver that
/// calls the closure the property holds.
public protocol Configuration: Inject {}

// `Config(T.self, D1.self, …, qualifier:, scope:) { d1, … in … }` returns a closure that gives the
// instance cached for `(T, qualifier)` if there is one, else resolves `D1…` (unqualified) and calls
// `resolver`. `scope` is read by dibuild from the source; the generated registration applies it.
extension Configuration {
    public static func Config<T>(
        _ type: T.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping () -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) { resolver() }
    }

    public static func Config<T, D1>(
        _ type: T.Type, _ dependency1: D1.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) { resolver(dependency(D1.self)) }
    }

    public static func Config<T, D1, D2>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) { resolver(dependency(D1.self), dependency(D2.self)) }
    }

    public static func Config<T, D1, D2, D3>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(dependency(D1.self), dependency(D2.self), dependency(D3.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4, D5>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        _ dependency5: D5.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4, D5) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(
                dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self), dependency(D5.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4, D5, D6>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        _ dependency5: D5.Type, _ dependency6: D6.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4, D5, D6) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(
                dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self), dependency(D5.self),
                dependency(D6.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4, D5, D6, D7>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        _ dependency5: D5.Type, _ dependency6: D6.Type, _ dependency7: D7.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4, D5, D6, D7) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(
                dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self), dependency(D5.self),
                dependency(D6.self), dependency(D7.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4, D5, D6, D7, D8>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        _ dependency5: D5.Type, _ dependency6: D6.Type, _ dependency7: D7.Type, _ dependency8: D8.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4, D5, D6, D7, D8) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(
                dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self), dependency(D5.self),
                dependency(D6.self), dependency(D7.self), dependency(D8.self))
        }
    }

    public static func Config<T, D1, D2, D3, D4, D5, D6, D7, D8, D9>(
        _ type: T.Type, _ dependency1: D1.Type, _ dependency2: D2.Type, _ dependency3: D3.Type, _ dependency4: D4.Type,
        _ dependency5: D5.Type, _ dependency6: D6.Type, _ dependency7: D7.Type, _ dependency8: D8.Type,
        _ dependency9: D9.Type,
        qualifier: String? = nil,
        scope: Scope = .singleton,
        resolver: @escaping (D1, D2, D3, D4, D5, D6, D7, D8, D9) -> T
    ) -> () -> T {
        configured(type, qualifier: qualifier) {
            resolver(
                dependency(D1.self), dependency(D2.self), dependency(D3.self), dependency(D4.self), dependency(D5.self),
                dependency(D6.self), dependency(D7.self), dependency(D8.self), dependency(D9.self))
        }
    }

    private static func dependency<D>(_ type: D.Type) -> D {
        Injection.single(type, qualifier: nil, resolveRole: .recursive)
    }

    private static func configured<T>(_ type: T.Type, qualifier: String?, create: @escaping () -> T) -> () -> T {
        return {
            let context = ResolutionTrace.context
            return context.get(withoutResolve: type, qualifier: qualifier ?? "") ?? create()
        }
    }
}
