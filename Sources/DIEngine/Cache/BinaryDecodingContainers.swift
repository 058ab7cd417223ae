struct BinaryDecoderImpl: Decoder {
    let state: DecodingState
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedBinaryDecodingContainer<Key>(state: state, index: try state.openKeyedContainer()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try UnkeyedBinaryDecodingContainer(state: state)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueBinaryDecodingContainer(state: state)
    }
}

/// Values are read in encoding order; asking for a key other than the next one is a mismatch, and a key
/// that is not next counts as absent (how the encoder spells nil).
struct KeyedBinaryDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    let index: Int
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { state.allKeyNames(in: index).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        state.isNextKey(key, in: index)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        !contains(key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try state.expectKey(key, in: index)
        return try state.reader.readString()
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try state.expectKey(key, in: index)
        return try state.decodeBool()
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try state.expectKey(key, in: index)
        return try state.decodeInt()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.expectKey(key, in: index)
        return try state.decodeValue(type)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        contains(key) ? try decode(type, forKey: key) : nil
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try state.expectKey(key, in: index)
        return KeyedDecodingContainer(
            KeyedBinaryDecodingContainer<NestedKey>(state: state, index: try state.openKeyedContainer()))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try state.expectKey(key, in: index)
        return try UnkeyedBinaryDecodingContainer(state: state)
    }

    func superDecoder() throws -> any Decoder {
        try state.expectKey(SuperCodingKey.super, in: index)
        return BinaryDecoderImpl(state: state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try state.expectKey(key, in: index)
        return BinaryDecoderImpl(state: state)
    }
}

struct UnkeyedBinaryDecodingContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(state: DecodingState) throws {
        self.state = state
        self.count = try state.reader.readCount()
    }

    mutating func decodeNil() throws -> Bool {
        // The encoder never writes a bare nil into an unkeyed container (optionals carry a presence byte).
        false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try advance()
        return try state.decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try advance()
        return KeyedDecodingContainer(
            KeyedBinaryDecodingContainer<NestedKey>(state: state, index: try state.openKeyedContainer()))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance()
        return try UnkeyedBinaryDecodingContainer(state: state)
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance()
        return BinaryDecoderImpl(state: state)
    }

    private mutating func advance() throws(BinaryCodingError) {
        guard !isAtEnd else { throw .invalid("read past the end of an unkeyed container") }
        currentIndex += 1
    }
}

struct SingleValueBinaryDecodingContainer: SingleValueDecodingContainer {
    let state: DecodingState
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        false
    }

    func decode(_ type: String.Type) throws -> String {
        try state.reader.readString()
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decodeValue(type)
    }
}
