import Foundation

/// A registration's identity: the registered type and its qualifier (`""` for none).
struct RegistrationKey: Hashable {
    let type: ObjectIdentifier
    let qualifier: String

    init(_ type: Any.Type, qualifier: String) {
        self.type = ObjectIdentifier(type)
        self.qualifier = qualifier
    }
}

/// One entry of a factory: how to create, inject and cache an instance.
///
/// The instance caches belong to the owning factory's lock; `isBeingCreated` belongs to the lock of the
/// context that resolves it.
final class Registration {
    enum Kind {
        /// Resolved by `get(T.self)`; created without a payload.
        case instance
        /// Resolved by `get(T.self, payload:)`; always a new instance.
        case factory
    }

    let key: RegistrationKey
    let type: Any.Type
    let kind: Kind
    let scope: Scope
    let create: (_Payload?) -> Any
    let inject: ((Any) -> Void)?

    var strongInstance: Any?
    weak var weakInstance: AnyObject?
    var isBeingCreated = false

    init(
        type: Any.Type,
        qualifier: String,
        kind: Kind,
        scope: Scope,
        create: @escaping (_Payload?) -> Any,
        inject: ((Any) -> Void)?
    ) {
        self.key = RegistrationKey(type, qualifier: qualifier)
        self.type = type
        self.kind = kind
        self.scope = kind == .factory ? .prototype : scope
        self.create = create
        self.inject = inject
    }

    var qualifier: String { key.qualifier }

    var cachedInstance: Any? {
        switch scope {
        case .always, .singleton: return strongInstance
        case .weak: return weakInstance
        case .prototype: return nil
        }
    }

    /// Stores a new instance in its scope cache; returns whether a later lookup will find it.
    func cache(_ instance: Any) -> Bool {
        switch scope {
        case .always, .singleton:
            strongInstance = instance
            return true
        case .weak:
            // A value type boxed into an object would be released at once: it behaves as a prototype.
            guard Swift.type(of: instance) is AnyClass else { return false }
            weakInstance = instance as AnyObject
            return true
        case .prototype:
            return false
        }
    }

    func dropCachedInstance() {
        strongInstance = nil
        weakInstance = nil
    }

    func matches(typeName: String) -> Bool {
        String(reflecting: type) == typeName || String(describing: type) == typeName
    }
}

extension NSRecursiveLock {
    func withLockHeld<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
