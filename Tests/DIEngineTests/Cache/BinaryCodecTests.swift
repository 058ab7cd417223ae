import Testing

@testable import DIEngine

@Suite struct BinaryCodecTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        var encoder = BinaryEncoder()
        let bytes = try encoder.encode(value)
        return try BinaryDecoder(keyTable: encoder.keyTable).decode(T.self, from: bytes)
    }

    @Test func richFileFactsRoundTrip() throws {
        var encoder = BinaryEncoder()
        for seed in [0, 1, 15, 35, 1234] {
            let facts = SampleFacts.make(seed)
            let bytes = try encoder.encode(facts)
            #expect(try BinaryDecoder(keyTable: encoder.keyTable).decode(FileFacts.self, from: bytes) == facts)
        }
        #expect(try roundTrip(FileFacts()) == FileFacts())
    }

    @Test func encodingIsCompactAndDeterministic() throws {
        var first = BinaryEncoder()
        var second = BinaryEncoder(keyTable: first.keyTable)
        let facts = SampleFacts.make(42)
        let bytes = try first.encode(facts)
        #expect(try second.encode(facts) == bytes)
        // Positional keys and varints: far smaller than the JSON of the same facts (about 4 KB).
        #expect(bytes.count < 1600)
    }

    @Test func primitivesAtTheirLimits() throws {
        let value = Primitives(
            int: .min, int8: .min, int16: .max, int32: .min, int64: .max, uint: .max, uint8: .max, uint16: .max,
            uint32: .max, uint64: .max, double: -.infinity, float: 1.5, bool: true, string: "héllo 👋\u{0}")
        #expect(try roundTrip(value) == value)
        let zero = Primitives(
            int: 0, int8: 0, int16: 0, int32: 0, int64: 0, uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0,
            double: 0, float: 0, bool: false, string: "")
        #expect(try roundTrip(zero) == zero)
    }

    @Test func optionalsDictionariesAndEnumsWithPayloads() throws {
        let value = Shapes(
            maybe: nil, present: "x", nested: .some(nil), list: ["a", nil, "c"], table: ["b": 2, "a": 1],
            shapes: [.circle(radius: 2), .square(3, label: "s"), .empty], grid: [[1, 2], [], [3]])
        #expect(try roundTrip(value) == value)
    }

    @Test func truncationAtEveryLengthThrows() throws {
        var encoder = BinaryEncoder()
        let bytes = try encoder.encode(SampleFacts.make(7))
        let decoder = BinaryDecoder(keyTable: encoder.keyTable)
        for length in 0..<bytes.count {
            #expect(throws: BinaryCodingError.self) { try decoder.decode(FileFacts.self, from: bytes[..<length]) }
        }
    }

    @Test func garbageNeverCrashes() throws {
        var encoder = BinaryEncoder()
        let valid = try encoder.encode(SampleFacts.make(3))
        let decoder = BinaryDecoder(keyTable: encoder.keyTable)
        var generator = SplitMix64(seed: 0xD1B0)
        var decodedSomething = 0
        for _ in 0..<3000 {
            let length = Int(generator.next() % 512)
            let garbage = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if (try? decoder.decode(FileFacts.self, from: garbage)) != nil { decodedSomething += 1 }
        }
        // Every byte of a valid encoding overwritten in turn: decoding may succeed (a changed character), but
        // must never crash.
        for index in valid.indices {
            var corrupt = valid
            corrupt[index] = UInt8(truncatingIfNeeded: generator.next()) | 0x80
            _ = try? decoder.decode(FileFacts.self, from: corrupt)
        }
        #expect(decodedSomething < 3000)
    }

    @Test func hugeCountsAreRejectedBeforeAllocating() throws {
        // An array count of 2^62 followed by nothing: must throw instead of reserving memory.
        var writer = ByteWriter()
        writer.writeVarint(UInt64(1) << 62)
        #expect(throws: BinaryCodingError.truncated) {
            try BinaryDecoder(keyNames: []).decode([Int].self, from: writer.bytes)
        }
        var string = ByteWriter()
        string.writeVarint(UInt64.max)
        #expect(throws: BinaryCodingError.truncated) {
            try BinaryDecoder(keyNames: []).decode(String.self, from: string.bytes)
        }
    }

    @Test func changedTypeIsDetectedByKeyNames() throws {
        var encoder = BinaryEncoder()
        let bytes = try encoder.encode(VersionOne(count: 3, name: "n"))
        let decoder = BinaryDecoder(keyTable: encoder.keyTable)
        #expect(throws: BinaryCodingError.keyMismatch(expected: "title")) {
            try decoder.decode(VersionTwo.self, from: bytes)
        }
        #expect(throws: BinaryCodingError.self) { try decoder.decode(VersionThree.self, from: bytes) }
        #expect(throws: BinaryCodingError.self) {
            try BinaryDecoder(keyNames: ["count"]).decode(VersionOne.self, from: bytes)
        }
    }

    @Test func trailingBytesAreRejected() throws {
        var encoder = BinaryEncoder()
        let bytes = try encoder.encode(VersionOne(count: 1, name: "a")) + [0]
        #expect(throws: BinaryCodingError.invalid("trailing bytes")) {
            try BinaryDecoder(keyTable: encoder.keyTable).decode(VersionOne.self, from: bytes)
        }
    }

    @Test func zeroSizeArrayElementsAreRefused() {
        var encoder = BinaryEncoder()
        #expect(throws: BinaryCodingError.self) { try encoder.encode([Nothing(), Nothing()]) }
    }

    @Test func deepNestingThrowsInsteadOfOverflowingTheStack() throws {
        var chain = Chain.end
        for _ in 0..<(DecodingState.maximumDepth + 10) { chain = .link(chain) }
        var encoder = BinaryEncoder()
        let bytes = try encoder.encode(chain)
        #expect(throws: BinaryCodingError.invalid("nesting too deep")) {
            try BinaryDecoder(keyTable: encoder.keyTable).decode(Chain.self, from: bytes)
        }
        var shallow = Chain.end
        for _ in 0..<20 { shallow = .link(shallow) }
        #expect(try roundTrip(shallow) == shallow)
    }
}

private struct Primitives: Codable, Equatable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
}

private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(Int, label: String)
    case empty
}

private struct Shapes: Codable, Equatable {
    var maybe: Int?
    var present: String?
    var nested: Int??
    var list: [String?]
    var table: [String: Int]
    var shapes: [Shape]
    var grid: [[Int]]
}

private struct VersionOne: Codable, Equatable {
    var count: Int
    var name: String
}

private struct VersionTwo: Codable, Equatable {
    var count: Int
    var title: String
}

private struct VersionThree: Codable, Equatable {
    var count: Int
    var name: String
    var extra: Bool
}

private struct Nothing: Codable {
    func encode(to encoder: any Encoder) throws {}
    init() {}
    init(from decoder: any Decoder) throws {}
}

private indirect enum Chain: Codable, Equatable {
    case end
    case link(Chain)
}

/// A small deterministic generator, so that failures reproduce.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
