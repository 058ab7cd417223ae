import Testing

@testable import DIEngine

/// `ByteReader.readVarint` inlines the one-byte case; every length must still read what `ByteWriter` wrote.
@Suite struct ByteReaderTests {
    static let values: [UInt64] = [
        0, 1, 0x7F, 0x80, 0xFF, 300, 0x3FFF, 0x4000, 1 << 21, (1 << 35) + 17, UInt64(Int.max), UInt64.max,
    ]

    static func read(_ bytes: [UInt8], _ body: (inout ByteReader) throws(BinaryCodingError) -> Void) throws {
        try bytes[...].reading { reader throws(BinaryCodingError) in try body(&reader) }
    }

    /// Whether `read` throws on the reader it is given.
    static func throwsError(
        _ read: @escaping (inout ByteReader) throws(BinaryCodingError) -> Void
    ) -> (inout ByteReader) -> Bool {
        { reader in
            do throws(BinaryCodingError) {
                try read(&reader)
                return false
            } catch {
                return true
            }
        }
    }

    @Test func varintsOfEveryLengthRoundTripInSequence() throws {
        var writer = ByteWriter()
        for value in Self.values { writer.writeVarint(value) }
        try Self.read(writer.bytes) { reader throws(BinaryCodingError) in
            for value in Self.values {
                let start = reader.offset
                #expect(try reader.readVarint() == value)
                var alone = ByteWriter()
                alone.writeVarint(value)
                #expect(reader.offset - start == alone.count, "\(value)")
            }
            #expect(reader.isAtEnd)
        }
    }

    @Test func damagedVarintsThrow() throws {
        // A continuation byte at the end, an empty buffer, and eleven bytes (more than 64 bits).
        for bytes in [[0x80], [], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]] as [[UInt8]] {
            try Self.read(bytes) { reader throws(BinaryCodingError) in
                #expect(Self.throwsError { reader throws(BinaryCodingError) in _ = try reader.readVarint() }(&reader))
            }
        }
    }

    @Test func oneByteCountsAreCheckedAgainstTheBytesLeft() throws {
        try Self.read([3, 1, 2]) { reader throws(BinaryCodingError) in
            #expect(Self.throwsError { reader throws(BinaryCodingError) in _ = try reader.readCount() }(&reader))
        }
        try Self.read([2, 1, 2]) { reader throws(BinaryCodingError) in
            #expect(try reader.readCount() == 2)
            #expect(reader.offset == 1)
        }
    }
}
