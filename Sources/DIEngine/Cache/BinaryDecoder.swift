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
        if let result = try bytes.withContiguousStorageIfAvailable({ try decode(type, from: UnsafeRawBufferPointer($0)) }) {
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

    static let maximumDepth = 256

    var reader: ByteReader
    let keyNames: [String]
    var keyCursors: [KeyCursor] = []
    var depth = 0

    init(reader: ByteReader, keyNames: [String]) {
        self.reader = reader
        self.keyNames = keyNames
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try decodePrimitive(type) { return value }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw BinaryCodingError.invalid("nesting too deep") }
        if let arrayType = type as? any DecodableArray.Type {
            return try Self.cast(arrayType.decodeElements(from: self), to: type)
        }
        if let optionalType = type as? any DecodableOptional.Type {
            return try Self.cast(optionalType.decodeTagged(from: self), to: type)
        }
        let mark = keyCursors.count
        defer { keyCursors.removeSubrange(mark...) }
        return try T(from: BinaryDecoderImpl(state: self))
    }

    /// `value` is a `T` whenever this is called; the check only satisfies the type system.
    static func cast<T>(_ value: Any, to type: T.Type) throws(BinaryCodingError) -> T {
        guard let value = value as? T else { throw .invalid("internal type mismatch for \(T.self)") }
        return value
    }

    /// Reads primitives directly; nil when `T` is not one.
    func decodePrimitive<T>(_ type: T.Type) throws -> T? {
        if T.self == String.self { return try reader.readString() as? T }
        if T.self == Bool.self { return try decodeBool() as? T }
        if T.self == Int.self { return try decodeSigned(Int.self) as? T }
        if T.self == Double.self { return Double(bitPattern: try reader.readFixed64()) as? T }
        if T.self == Float.self { return Float(bitPattern: try reader.readFixed32()) as? T }
        if T.self == Int64.self { return try decodeSigned(Int64.self) as? T }
        if T.self == Int32.self { return try decodeSigned(Int32.self) as? T }
        if T.self == Int16.self { return try decodeSigned(Int16.self) as? T }
        if T.self == Int8.self { return try decodeSigned(Int8.self) as? T }
        if T.self == UInt.self { return try decodeUnsigned(UInt.self) as? T }
        if T.self == UInt64.self { return try decodeUnsigned(UInt64.self) as? T }
        if T.self == UInt32.self { return try decodeUnsigned(UInt32.self) as? T }
        if T.self == UInt16.self { return try decodeUnsigned(UInt16.self) as? T }
        if T.self == UInt8.self { return try decodeUnsigned(UInt8.self) as? T }
        return nil
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

    /// The name of the next key of a keyed container, or nil when it has no keys left.
    func nextKeyName(in container: Int) -> String? {
        let cursor = keyCursors[container]
        guard cursor.remaining > 0 else { return nil }
        var keys = ByteReader(reader.buffer, offset: cursor.offset)
        // Validated by `openKeyedContainer`, so neither the read nor the index can fail.
        guard let number = try? keys.readVarint(), number < UInt64(keyNames.count) else { return nil }
        return keyNames[Int(number)]
    }

    func skipKey(in container: Int) {
        var keys = ByteReader(reader.buffer, offset: keyCursors[container].offset)
        _ = try? keys.readVarint()
        keyCursors[container].offset = keys.offset
        keyCursors[container].remaining -= 1
    }

    /// Consumes the next key, which must be `key`.
    func expectKey(_ key: some CodingKey, in container: Int) throws(BinaryCodingError) {
        let name = key.stringValue
        guard nextKeyName(in: container) == name else { throw .keyMismatch(expected: name) }
        skipKey(in: container)
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
    static func decodeElements(from state: DecodingState) throws -> Self
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeElements(from state: DecodingState) throws -> [Element] {
        // Every element takes at least one byte (the encoder refuses empty ones), which bounds the count.
        let count = try state.reader.readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try state.decodeValue(Element.self)) }
        return elements
    }
}

protocol DecodableOptional {
    static func decodeTagged(from state: DecodingState) throws -> Self
}

extension Optional: DecodableOptional where Wrapped: Decodable {
    static func decodeTagged(from state: DecodingState) throws -> Wrapped? {
        switch try state.reader.readByte() {
        case 0: return nil
        case 1: return try state.decodeValue(Wrapped.self)
        default: throw BinaryCodingError.invalid("optional tag out of range")
        }
    }
}
