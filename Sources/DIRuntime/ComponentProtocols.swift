// The registration protocols are markers: dibuild reads them in the source and generates the calls,
// so the runtime never calls through them. Their requirements are chosen so that Deli code compiles
// unchanged, and no stricter:
//
// * `Component` and `Autowired` have no initialiser requirement. A requirement would force every
//   non-final class to mark its initialiser `required`, and an `Autowired` class with several
//   initialisers of the same shape (allowed by the scanner, which picks the `required` one) would fail
//   to infer `Dep1…`. The generated code calls the concrete initialiser directly.
// * `Dep1`…`Dep9` exist (defaulting to `Void`) so that legacy `typealias Dep1 = FriendService`
//   declarations keep working as `MessageServiceImpl.Dep1`. They are not inferred from initialisers.
// * `LazyAutowired` requires `init()`, as in Deli (the resolver calls `T()`); its `inject(...)` method
//   has any arity and labels, so it is not a requirement either.
// * `scope` and `qualifier` are requirements with defaults, so a type may override them.

/// A type dibuild can use from `Inject(...)` calls. Every DI protocol refines it.
public protocol Inject {}

/// The scope and qualifier a registered type may declare; dibuild reads them from the source.
public protocol ScopedRegistration: Inject {
    var scope: Scope { get }
    var qualifier: String? { get }
}

extension ScopedRegistration {
    public var scope: Scope { .singleton }
    public var qualifier: String? { nil }
}

/// Deli's legacy names for a type's dependencies (`typealias Dep1 = FriendService`), `Void` by default.
public protocol DependencyAliases {
    associatedtype Dep1 = Void
    associatedtype Dep2 = Void
    associatedtype Dep3 = Void
    associatedtype Dep4 = Void
    associatedtype Dep5 = Void
    associatedtype Dep6 = Void
    associatedtype Dep7 = Void
    associatedtype Dep8 = Void
    associatedtype Dep9 = Void
}

/// A type registered with `T()`.
public protocol Component: ScopedRegistration {}

/// A type registered with its initialiser's parameters resolved from the container
/// (`required init(_ service: Service)`; a label is a qualifier).
public protocol Autowired: ScopedRegistration, DependencyAliases {}

/// A type created with `init()` whose `inject(...)` method receives its dependencies after the
/// instance is stored — the way to break a dependency cycle.
public protocol LazyAutowired: ScopedRegistration, DependencyAliases {
    init()
}

/// A group of properties (`target` is its path) registered as a prototype and built by the generated
/// code from `<target>.<field>` values.
public protocol ConfigProperty {
    var target: String { get }
}
