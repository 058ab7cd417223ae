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
///
/// Deli's protocol also declared initialiser requirements so that Swift inferred `Dep1…Dep9` from the
/// type's initialiser. Swift cannot express "an initialiser of any arity", and such requirements would
/// reject code dibuild accepts: a non-final class whose initialiser is not `required`, or a class with
/// several initialisers of the same shape (the scanner picks the `required` one). `Autowired` is
/// therefore a marker with the requirements that keep Deli code compiling and no more:
///
/// * no initialiser requirement — the generated resolver calls the type's own initialiser;
/// * `scope` and `qualifier` with defaults (`.singleton`, `nil`), which a type may override;
/// * `Dep1`…`Dep9` (from `DependencyAliases`), `Void` unless the type declares them, so legacy
///   `typealias Dep1 = FriendService` and `MessageServiceImpl.Dep1` keep working. They are not
///   inferred from the initialiser; dibuild reads the declared aliases from the source.
///
/// `Component` follows the same rule (no `init()` requirement). `LazyAutowired` requires `init()` and,
/// as Deli, `inject(_:)` of 1–9 dependencies with empty defaults, so that Swift infers `Dep1…` from the
/// type's own `inject`. Factories are the exception: see `AutowiredFactory`.
public protocol Autowired: ScopedRegistration, DependencyAliases {}

/// A type created with `init()` whose `inject(...)` method receives its dependencies after the
/// instance is stored — the way to break a dependency cycle.
public protocol LazyAutowired: ScopedRegistration, LazyDependencies {
    init()
}

/// Deli's `inject(_:)` of 1–9 dependencies, with empty defaults: a type implements the arity it needs
/// (the generated injector calls the type's own) and Swift infers `Dep1…` from it.
public protocol LazyDependencies: DependencyAliases {
    // Redeclared next to the `inject` requirements: Swift infers associated types only from
    // requirements of the protocol that declares them.
    associatedtype Dep1 = Void
    associatedtype Dep2 = Void
    associatedtype Dep3 = Void
    associatedtype Dep4 = Void
    associatedtype Dep5 = Void
    associatedtype Dep6 = Void
    associatedtype Dep7 = Void
    associatedtype Dep8 = Void
    associatedtype Dep9 = Void

    func inject(_ dep1: Dep1)
    func inject(_ dep1: Dep1, _ dep2: Dep2)
    func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3)
    func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4)
    func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5)
    func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6)
    func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7)
    func inject(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8)
    func inject(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        _ dep9: Dep9)
}

extension LazyDependencies {
    public func inject(_ dep1: Dep1) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6) {}
    public func inject(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7)
    {}
    public func inject(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8
    ) {}
    public func inject(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        _ dep9: Dep9
    ) {}
}

/// A group of properties (`target` is its path) registered as a prototype and built by the generated
/// code from `<target>.<field>` values.
public protocol ConfigProperty {
    var target: String { get }
}
