/// Why binary data could not be decoded (or a value could not be encoded). Never a crash: every length and
/// count read from the input is checked against the bytes that remain before anything is allocated.
enum BinaryCodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ended in the middle of a value.
    case truncated
    /// A value is out of range or malformed.
    case invalid(String)

    var description: String {
        switch self {
        case .truncated: "unexpected end of data"
        case .invalid(let what): "invalid data: \(what)"
        }
    }
}

/// Appends little-endian fixed-width integers, LEB128 varints and length-prefixed strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func writeByte(_ byte: UInt8) { bytes.append(byte) }

    mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func writeVarint(_ value: Int) { writeVarint(UInt64(value)) }

    /// Zig-zag, so that small negative numbers stay short.
    mutating func writeSigned(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func writeFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeFixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeString(_ string: String) {
        writeVarint(string.utf8.count)
        bytes.append(contentsOf: string.utf8)
    }

    mutating func writeBytes<Bytes: Collection<UInt8>>(_ data: Bytes) {
        writeVarint(data.count)
        bytes.append(contentsOf: data)
    }
}

/// Reads what `ByteWriter` wrote from a buffer that the caller keeps alive; every read is bounds-checked.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    var offset: Int
    /// The path of the last location read (`readLocation`) and its bytes in `buffer`: locations read one
    /// after the other mostly name the same file, and each path decoded anew is an allocation.
    var lastPath: (bytes: UnsafeRawBufferPointer, string: String)?

    init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    var remaining: Int { buffer.count - offset }
    var isAtEnd: Bool { offset >= buffer.count }

    mutating func readByte() throws(BinaryCodingError) -> UInt8 {
        guard offset < buffer.count else { throw .truncated }
        defer { offset += 1 }
        return buffer[offset]
    }

    /// Most varints (counts, lengths, line and column numbers) are one byte: that case is inlined.
    @inline(__always)
    mutating func readVarint() throws(BinaryCodingError) -> UInt64 {
        if offset < buffer.count, buffer[offset] < 0x80 {
            defer { offset += 1 }
            return UInt64(buffer[offset])
        }
        return try readLongVarint()
    }

    private mutating func readLongVarint() throws(BinaryCodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            if shift == 63 && byte > 1 { throw .invalid("varint overflows 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// A count or length: at most `remaining / minimumElementSize`, so no corrupt count makes a huge allocation.
    @inline(__always)
    mutating func readCount(minimumElementSize: Int = 1) throws(BinaryCodingError) -> Int {
        let value = try readVarint()
        guard value <= UInt64(remaining / max(1, minimumElementSize)) else { throw .truncated }
        return Int(value)
    }

    mutating func readSigned() throws(BinaryCodingError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func readFixed64() throws(BinaryCodingError) -> UInt64 {
        guard remaining >= 8 else { throw .truncated }
        defer { offset += 8 }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func readFixed32() throws(BinaryCodingError) -> UInt32 {
        guard remaining >= 4 else { throw .truncated }
        defer { offset += 4 }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func readRawBytes(count: Int) throws(BinaryCodingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw .truncated }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    }

    mutating func readString() throws(BinaryCodingError) -> String {
        let count = try readCount()
        // Ill-formed UTF-8 is repaired rather than rejected: the cache file is checksummed as a whole, and this
        // is the fast, contiguous decoding path.
        return String(decoding: try readRawBytes(count: count).assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
