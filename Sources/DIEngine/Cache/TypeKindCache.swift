#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the binary codec treats a type, decided by dynamic casts once per type and process. Without the
/// cache these casts (protocol conformance lookups) cost more than the decoding itself.
enum CodableTypeKind: @unchecked Sendable {
    case primitive
    case array(encodable: (any EncodableArray.Type)?, decodable: (any DecodableArray.Type)?)
    case optional(encodable: (any EncodableOptional.Type)?, decodable: (any DecodableOptional.Type)?)
    case other

    private static let cache = TypeKindCache()

    static func of<T>(_ type: T.Type) -> CodableTypeKind {
        cache.kind(of: type)
    }

    static let primitiveTypes: [Any.Type] = [
        String.self, Bool.self, Int.self, Int64.self, Int32.self, Int16.self, Int8.self, UInt.self, UInt64.self,
        UInt32.self, UInt16.self, UInt8.self, Double.self, Float.self,
    ]

    fileprivate static func classify<T>(_ type: T.Type) -> CodableTypeKind {
        if primitiveTypes.contains(where: { $0 == type }) { return .primitive }
        let encodableArray = type as? any EncodableArray.Type
        let decodableArray = type as? any DecodableArray.Type
        if encodableArray != nil || decodableArray != nil {
            return .array(encodable: encodableArray, decodable: decodableArray)
        }
        let encodableOptional = type as? any EncodableOptional.Type
        let decodableOptional = type as? any DecodableOptional.Type
        if encodableOptional != nil || decodableOptional != nil {
            return .optional(encodable: encodableOptional, decodable: decodableOptional)
        }
        return .other
    }
}

/// A process-wide map from type to kind behind a mutex (types never change kind, so entries are never removed).
private final class TypeKindCache: @unchecked Sendable {
    // Guarded by `mutex`, so the dynamic exclusivity checks would only add cost.
    @exclusivity(unchecked) private var kinds: [ObjectIdentifier: CodableTypeKind] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func kind<T>(of type: T.Type) -> CodableTypeKind {
        let key = ObjectIdentifier(type)
        pthread_mutex_lock(mutex)
        let known = kinds[key]
        pthread_mutex_unlock(mutex)
        if let known { return known }
        let kind = CodableTypeKind.classify(type)
        pthread_mutex_lock(mutex)
        kinds[key] = kind
        pthread_mutex_unlock(mutex)
        return kind
    }
}

/// A small unsynchronised memo in front of the process-wide cache, for one encoding or decoding: open
/// addressing on the metatype pointer, far cheaper than hashing an `ObjectIdentifier` and taking a lock.
struct TypeKindMemo {
    private static let capacity = 64
    private var keys = [ObjectIdentifier?](repeating: nil, count: capacity)
    private var kinds = [CodableTypeKind](repeating: .other, count: capacity)

    mutating func kind<T>(of type: T.Type) -> CodableTypeKind {
        let key = ObjectIdentifier(type)
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: key) &>> 4) & (Self.capacity - 1)
        for _ in 0..<Self.capacity {
            guard let stored = keys[slot] else {
                let kind = CodableTypeKind.of(type)
                keys[slot] = key
                kinds[slot] = kind
                return kind
            }
            if stored == key { return kinds[slot] }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        return CodableTypeKind.of(type)
    }
}
