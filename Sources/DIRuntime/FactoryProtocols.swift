/// Marks values passed to factories. The generated resolvers receive a `_Payload` and cast it to the
/// factory's declared payload type.
public protocol _Payload {}

/// The argument of a factory: built by `Inject(T.self, with: tuple)` from a tuple.
public protocol Payload: _Payload {
    associatedtype Tuple

    init(with argument: Tuple)
}

/// A type created per request from a payload (see `AutowiredFactory`, `LazyAutowiredFactory`).
public protocol Factory: Inject {
    associatedtype RawPayload: Payload

    /// The payload type `get(T.self, payload:)` expects; `RawPayload.self` unless the type overrides it.
    var payloadType: RawPayload.Type { get }
}

extension Factory {
    public var payloadType: RawPayload.Type { RawPayload.self }
}

/// A factory whose initialiser takes dependencies and, last, `payload:`.
///
/// The initialiser requirements exist only so that Swift infers `_Payload` (and `Dep1…`) from the
/// type's own `required init(_ a: A, payload: P)`, which `Inject(T.self, with: tuple)` needs to build
/// the payload. When a dependency parameter has a label (a qualifier), inference cannot match; declare
/// `typealias _Payload = P` then, as with Deli. The default implementations are placeholders that stop
/// the program: the generated code always calls the type's own initialiser.
public protocol AutowiredFactory: Factory, DependencyAliases where RawPayload == _Payload {
    associatedtype _Payload: Payload

    var qualifier: String? { get }
    var scope: Scope { get }

    init(payload: _Payload)
    init(_ dep1: Dep1, payload: _Payload)
    init(_ dep1: Dep1, _ dep2: Dep2, payload: _Payload)
    init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, payload: _Payload)
    init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, payload: _Payload)
    init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, payload: _Payload)
    init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, payload: _Payload)
    init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7,
        payload: _Payload)
    init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        payload: _Payload)
    init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        _ dep9: Dep9, payload: _Payload)
}

extension AutowiredFactory {
    public var qualifier: String? { nil }
    /// Always `.prototype`: every request creates a new instance from its payload.
    public var scope: Scope { .prototype }

    public init(payload: _Payload) { placeholderInitialiserCalled(Self.self) }
    public init(_ dep1: Dep1, payload: _Payload) { placeholderInitialiserCalled(Self.self) }
    public init(_ dep1: Dep1, _ dep2: Dep2, payload: _Payload) { placeholderInitialiserCalled(Self.self) }
    public init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, payload: _Payload) { placeholderInitialiserCalled(Self.self) }
    public init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, payload: _Payload) {
        placeholderInitialiserCalled(Self.self)
    }
    public init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, payload: _Payload) {
        placeholderInitialiserCalled(Self.self)
    }
    public init(_ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, payload: _Payload) {
        placeholderInitialiserCalled(Self.self)
    }
    public init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7,
        payload: _Payload
    ) { placeholderInitialiserCalled(Self.self) }
    public init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        payload: _Payload
    ) { placeholderInitialiserCalled(Self.self) }
    public init(
        _ dep1: Dep1, _ dep2: Dep2, _ dep3: Dep3, _ dep4: Dep4, _ dep5: Dep5, _ dep6: Dep6, _ dep7: Dep7, _ dep8: Dep8,
        _ dep9: Dep9, payload: _Payload
    ) { placeholderInitialiserCalled(Self.self) }
}

/// A factory created with `init(payload:)` whose `inject(_:)` method receives its dependencies.
public protocol LazyAutowiredFactory: Factory, LazyDependencies where RawPayload == _Payload {
    associatedtype _Payload: Payload

    var qualifier: String? { get }
    var scope: Scope { get }

    init(payload: _Payload)
}

extension LazyAutowiredFactory {
    public var qualifier: String? { nil }
    /// Always `.prototype`: every request creates a new instance from its payload.
    public var scope: Scope { .prototype }
}

private func placeholderInitialiserCalled(_ type: Any.Type) -> Never {
    fatalError("DIRuntime: \(String(reflecting: type)) has no initialiser of this shape (AutowiredFactory placeholder)")
}
