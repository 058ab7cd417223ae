/// A compact positional binary encoding for any `Encodable` value, decoded by `BinaryDecoder`.
///
/// Wire format: a keyed container is `count, key numbers…, values…` (values in encoding order, absent
/// optionals omitted); an unkeyed container or array is `count, elements…`; an optional outside a keyed
/// container is a presence byte and the value; integers are LEB128 varints (signed ones zig-zag), floating
/// point numbers are little-endian bit patterns, strings are a byte length and UTF-8. Key numbers index a
/// `CodingKeyTable` that the caller stores once beside the data (the cache file keeps one for all entries).
/// Decoding must ask for keys in encoding order, as synthesised `Codable` conformances do.
public struct BinaryEncoder {
    public var keyTable: CodingKeyTable

    public init(keyTable: CodingKeyTable = CodingKeyTable()) {
        self.keyTable = keyTable
    }

    /// Encodes `value`; new key names are added to `keyTable`.
    public mutating func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let state = EncodingState(keyTable: keyTable)
        try state.encodeValue(value)
        keyTable = state.keyTable
        return state.writer.bytes
    }
}

/// Shared by the encoder and its containers. A container's header (count and keys) is known only once its
/// value is complete, so it is inserted at the container's start when the value that opened it finishes.
final class EncodingState {
    struct PendingContainer {
        var start: Int
        var keyNumbers: [Int]?
        var count = 0
    }

    // Single-threaded and strictly nested; dynamic exclusivity checks would dominate the cost.
    @exclusivity(unchecked) var writer = ByteWriter()
    @exclusivity(unchecked) var keyTable: CodingKeyTable
    @exclusivity(unchecked) var pending: [PendingContainer] = []
    @exclusivity(unchecked) var kinds = TypeKindMemo()

    init(keyTable: CodingKeyTable) {
        self.keyTable = keyTable
    }

    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == String.self, let string = value as? String {
            writer.writeString(string)
            return
        }
        switch kinds.kind(of: T.self) {
        case .primitive: encodePrimitive(value)
        case .array(let arrayType?, _): try arrayType.encodeElements(of: value, into: self)
        case .optional(let optionalType?, _): try optionalType.encodeTagged(value, into: self)
        default:
            let mark = pending.count
            try value.encode(to: BinaryEncoderImpl(state: self))
            finishContainers(from: mark)
        }
    }

    /// Encodes one element of an array or unkeyed container; a zero-size element would defeat the decoder's
    /// bound on element counts, so it is refused.
    func encodeElement<T: Encodable>(_ value: T) throws {
        let before = writer.count
        try encodeValue(value)
        if writer.count == before { throw BinaryCodingError.unsupported("an array element that encodes no data") }
    }

    private func finishContainers(from mark: Int) {
        // Later containers start later, so inserting their headers first keeps earlier start offsets valid.
        for container in pending[mark...].reversed() {
            var header = ByteWriter()
            if let keys = container.keyNumbers {
                header.writeVarint(keys.count)
                for key in keys { header.writeVarint(key) }
            } else {
                header.writeVarint(container.count)
            }
            writer.bytes.insert(contentsOf: header.bytes, at: container.start)
        }
        pending.removeSubrange(mark...)
    }

    func openContainer(keyed: Bool) -> Int {
        pending.append(PendingContainer(start: writer.count, keyNumbers: keyed ? [] : nil))
        return pending.count - 1
    }

    func recordKey(_ key: some CodingKey, in container: Int) {
        pending[container].keyNumbers?.append(keyTable.number(for: key.stringValue))
    }

    /// Writes one of `primitiveTypes`.
    func encodePrimitive<T>(_ value: T) {
        switch value {
        case let string as String: writer.writeString(string)
        case let bool as Bool: writer.writeByte(bool ? 1 : 0)
        case let int as Int: writer.writeSigned(Int64(int))
        case let int as Int64: writer.writeSigned(int)
        case let int as Int32: writer.writeSigned(Int64(int))
        case let int as Int16: writer.writeSigned(Int64(int))
        case let int as Int8: writer.writeSigned(Int64(int))
        case let int as UInt: writer.writeVarint(UInt64(int))
        case let int as UInt64: writer.writeVarint(int)
        case let int as UInt32: writer.writeVarint(UInt64(int))
        case let int as UInt16: writer.writeVarint(UInt64(int))
        case let int as UInt8: writer.writeVarint(UInt64(int))
        case let double as Double: writer.writeFixed64(double.bitPattern)
        case let float as Float: writer.writeFixed32(float.bitPattern)
        default: break
        }
    }
}

protocol EncodableArray {
    /// Encodes `value`, which is a `Self`.
    static func encodeElements<V>(of value: V, into state: EncodingState) throws
}

extension Array: EncodableArray where Element: Encodable {
    static func encodeElements<V>(of value: V, into state: EncodingState) throws {
        guard let array = value as? Self else { throw BinaryCodingError.unsupported("\(V.self) is not \(Self.self)") }
        state.writer.writeVarint(array.count)
        for element in array { try state.encodeElement(element) }
    }
}

protocol EncodableOptional {
    /// Encodes `value`, which is a `Self`, as a presence byte and the wrapped value.
    static func encodeTagged<V>(_ value: V, into state: EncodingState) throws
}

extension Optional: EncodableOptional where Wrapped: Encodable {
    static func encodeTagged<V>(_ value: V, into state: EncodingState) throws {
        guard let optional = value as? Self else {
            throw BinaryCodingError.unsupported("\(V.self) is not \(Self.self)")
        }
        if let wrapped = optional {
            state.writer.writeByte(1)
            try state.encodeValue(wrapped)
        } else {
            state.writer.writeByte(0)
        }
    }
}

struct BinaryEncoderImpl: Encoder {
    let state: EncodingState
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedBinaryEncodingContainer(state: state, index: state.openContainer(keyed: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedBinaryEncodingContainer(state: state, index: state.openContainer(keyed: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueBinaryEncodingContainer(state: state)
    }
}

struct KeyedBinaryEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    let index: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        // An absent key is how this format spells nil; `decodeNil(forKey:)` and `decodeIfPresent` agree.
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        state.recordKey(key, in: index)
        try state.encodeValue(value)
    }

    // The most common field types, written without the generic path's type checks.
    mutating func encode(_ value: String, forKey key: Key) throws {
        state.recordKey(key, in: index)
        state.writer.writeString(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        state.recordKey(key, in: index)
        state.writer.writeSigned(Int64(value))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        state.recordKey(key, in: index)
        state.writer.writeByte(value ? 1 : 0)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        state.recordKey(key, in: index)
        return KeyedEncodingContainer(
            KeyedBinaryEncodingContainer<NestedKey>(state: state, index: state.openContainer(keyed: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.recordKey(key, in: index)
        return UnkeyedBinaryEncodingContainer(state: state, index: state.openContainer(keyed: false))
    }

    mutating func superEncoder() -> any Encoder {
        state.recordKey(SuperCodingKey.super, in: index)
        return BinaryEncoderImpl(state: state)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        state.recordKey(key, in: index)
        return BinaryEncoderImpl(state: state)
    }
}

enum SuperCodingKey: String, CodingKey {
    case `super`
}

struct UnkeyedBinaryEncodingContainer: UnkeyedEncodingContainer {
    let state: EncodingState
    let index: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { state.pending[index].count }

    mutating func encodeNil() throws {
        throw BinaryCodingError.unsupported("encodeNil in an unkeyed container; encode an Optional instead")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        state.pending[index].count += 1
        try state.encodeElement(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        state.pending[index].count += 1
        return KeyedEncodingContainer(
            KeyedBinaryEncodingContainer<NestedKey>(state: state, index: state.openContainer(keyed: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        state.pending[index].count += 1
        return UnkeyedBinaryEncodingContainer(state: state, index: state.openContainer(keyed: false))
    }

    mutating func superEncoder() -> any Encoder {
        state.pending[index].count += 1
        return BinaryEncoderImpl(state: state)
    }
}

struct SingleValueBinaryEncodingContainer: SingleValueEncodingContainer {
    let state: EncodingState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        throw BinaryCodingError.unsupported("encodeNil in a single-value container; encode an Optional instead")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.encodeValue(value)
    }
}
