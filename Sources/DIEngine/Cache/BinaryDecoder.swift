/// Decodes what `BinaryEncoder` produced. Corrupt or truncated input throws `BinaryCodingError`; every length
/// and count is checked against the remaining bytes first, so no input crashes or allocates unboundedly.
public struct BinaryDecoder: Sendable {
    /// Key names by number, as the encoder's `CodingKeyTable` recorded them.
    public var keyNames: [String]

    public init(keyNames: [String]) {
        self.keyNames = keyNames
    }

    public init(keyTable: CodingKeyTable) {
        self.init(keyNames: keyTable.names)
    }

    /// Decodes a `T` that must span exactly `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let state = DecodingState(reader: ByteReader(bytes), keyNames: keyNames)
        let value = try state.decodeValue(type)
        guard state.reader.isAtEnd else { throw BinaryCodingError.invalid("trailing bytes") }
        return value
    }

    public func decode<T: Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from bytes: Bytes) throws -> T {
        if let result = try bytes.withContiguousStorageIfAvailable({
            try decode(type, from: UnsafeRawBufferPointer($0))
        }) {
            return result
        }
        return try Array(bytes).withUnsafeBytes { try decode(type, from: $0) }
    }
}

/// Shared by the decoder and its containers.
final class DecodingState {
    /// Where the next key number of an open keyed container is read, and how many keys are left.
    struct KeyCursor {
        var listStart: Int
        var count: Int
        var offset: Int
        var remaining: Int
    }

    static let maximumDepth = 100

    // Dynamic exclusivity checks on these hot fields cost more than the decoding itself; every access
    // happens on one thread, in strictly nested calls.
    @exclusivity(unchecked) var reader: ByteReader
    let keyNames: [String]
    @exclusivity(unchecked) var keyCursors: [KeyCursor] = []
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var kinds = TypeKindMemo()

    init(reader: ByteReader, keyNames: [String]) {
        self.reader = reader
        self.keyNames = keyNames
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Checked inline: returning `T?` from a helper would look up `Optional<T>` metadata on every call.
        if T.self == String.self { return try Self.cast(reader.readString(), to: type) }
        if T.self == Int.self { return try Self.cast(decodeInt(), to: type) }
        if T.self == Bool.self { return try Self.cast(decodeBool(), to: type) }
        let kind = kinds.kind(of: type)
        if case .primitive = kind { return try decodeOtherPrimitive(type) }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw BinaryCodingError.invalid("nesting too deep") }
        switch kind {
        case .array(_, let arrayType?): return try arrayType.decodeElements(from: self, as: type)
        case .optional(_, let optionalType?): return try optionalType.decodeTagged(from: self, as: type)
        default: break
        }
        let mark = keyCursors.count
        defer { keyCursors.removeLast(keyCursors.count - mark) }
        return try T(from: BinaryDecoderImpl(state: self))
    }

    /// `value` as a `T`; only called where `V` and `T` are the same type, which is checked first.
    static func cast<V, T>(_ value: V, to type: T.Type) throws(BinaryCodingError) -> T {
        guard V.self == T.self else { throw .invalid("internal type mismatch for \(T.self)") }
        return unsafeBitCast(value, to: T.self)
    }

    /// Reads a primitive other than `String`, `Int` and `Bool`.
    private func decodeOtherPrimitive<T>(_ type: T.Type) throws -> T {
        if T.self == Double.self { return try Self.cast(Double(bitPattern: reader.readFixed64()), to: type) }
        if T.self == Float.self { return try Self.cast(Float(bitPattern: reader.readFixed32()), to: type) }
        if T.self == Int64.self { return try Self.cast(reader.readSigned(), to: type) }
        if T.self == Int32.self { return try Self.cast(decodeSigned(Int32.self), to: type) }
        if T.self == Int16.self { return try Self.cast(decodeSigned(Int16.self), to: type) }
        if T.self == Int8.self { return try Self.cast(decodeSigned(Int8.self), to: type) }
        if T.self == UInt.self { return try Self.cast(decodeUnsigned(UInt.self), to: type) }
        if T.self == UInt64.self { return try Self.cast(reader.readVarint(), to: type) }
        if T.self == UInt32.self { return try Self.cast(decodeUnsigned(UInt32.self), to: type) }
        if T.self == UInt16.self { return try Self.cast(decodeUnsigned(UInt16.self), to: type) }
        return try Self.cast(decodeUnsigned(UInt8.self), to: type)
    }

    func decodeInt() throws(BinaryCodingError) -> Int {
        guard let value = Int(exactly: try reader.readSigned()) else { throw .invalid("Int out of range") }
        return value
    }

    func decodeBool() throws(BinaryCodingError) -> Bool {
        switch try reader.readByte() {
        case 0: return false
        case 1: return true
        default: throw .invalid("boolean out of range")
        }
    }

    func decodeSigned<I: FixedWidthInteger & SignedInteger>(_ type: I.Type) throws(BinaryCodingError) -> I {
        guard let value = I(exactly: try reader.readSigned()) else { throw .invalid("\(I.self) out of range") }
        return value
    }

    func decodeUnsigned<I: FixedWidthInteger & UnsignedInteger>(_ type: I.Type) throws(BinaryCodingError) -> I {
        guard let value = I(exactly: try reader.readVarint()) else { throw .invalid("\(I.self) out of range") }
        return value
    }

    /// Reads a keyed container's header, validates its key numbers and leaves the reader at its first value.
    func openKeyedContainer() throws(BinaryCodingError) -> Int {
        let count = try reader.readCount()
        let listStart = reader.offset
        for _ in 0..<count {
            guard try reader.readVarint() < UInt64(keyNames.count) else { throw .invalid("unknown key number") }
        }
        keyCursors.append(KeyCursor(listStart: listStart, count: count, offset: listStart, remaining: count))
        return keyCursors.count - 1
    }

    /// The next key of a keyed container and where the key after it starts; nil when no key is left.
    private func peekKey(in container: Int) -> (name: String, next: Int)? {
        let cursor = keyCursors[container]
        guard cursor.remaining > 0 else { return nil }
        var keys = ByteReader(reader.buffer, offset: cursor.offset)
        // Validated by `openKeyedContainer`, so neither the read nor the index can fail.
        guard let number = try? keys.readVarint(), number < UInt64(keyNames.count) else { return nil }
        return (keyNames[Int(number)], keys.offset)
    }

    /// Whether the next key of a keyed container is `key`.
    func isNextKey(_ key: some CodingKey, in container: Int) -> Bool {
        peekKey(in: container)?.name == key.stringValue
    }

    /// Consumes the next key, which must be `key`.
    func expectKey(_ key: some CodingKey, in container: Int) throws(BinaryCodingError) {
        let name = key.stringValue
        guard let next = peekKey(in: container), next.name == name else { throw .keyMismatch(expected: name) }
        keyCursors[container].offset = next.next
        keyCursors[container].remaining -= 1
    }

    /// Every key name of a keyed container, in order.
    func allKeyNames(in container: Int) -> [String] {
        let cursor = keyCursors[container]
        var keys = ByteReader(reader.buffer, offset: cursor.listStart)
        return (0..<cursor.count).compactMap { _ in
            guard let number = try? keys.readVarint(), number < UInt64(keyNames.count) else { return nil }
            return keyNames[Int(number)]
        }
    }
}

protocol DecodableArray {
    /// Decodes a `Self`, returned as `T`, which is `Self`.
    static func decodeElements<T>(from state: DecodingState, as type: T.Type) throws -> T
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeElements<T>(from state: DecodingState, as type: T.Type) throws -> T {
        // Every element takes at least one byte (the encoder refuses empty ones), which bounds the count.
        let count = try state.reader.readCount()
        var elements: [Element] = []
        // Capped as well: a count can be as large as the input, and elements can be much larger than a byte.
        elements.reserveCapacity(Swift.min(count, 1024))
        for _ in 0..<count { elements.append(try state.decodeValue(Element.self)) }
        return try DecodingState.cast(elements, to: type)
    }
}

protocol DecodableOptional {
    /// Decodes a `Self`, returned as `T`, which is `Self`.
    static func decodeTagged<T>(from state: DecodingState, as type: T.Type) throws -> T
}

extension Optional: DecodableOptional where Wrapped: Decodable {
    static func decodeTagged<T>(from state: DecodingState, as type: T.Type) throws -> T {
        switch try state.reader.readByte() {
        case 0: return try DecodingState.cast(Wrapped?.none, to: type)
        case 1: return try DecodingState.cast(Wrapped?.some(state.decodeValue(Wrapped.self)), to: type)
        default: throw BinaryCodingError.invalid("optional tag out of range")
        }
    }
}
