// A link state record keeps each distinct string once and every digest list in one pool (format 6): its
// payload is the string table (in order of first use), the digest pool, then the entries, which refer to
// them. A base record of the generated 10k project holds ~130,000 strings but fewer than 10,000 distinct
// ones: decoded per use, each longer than 15 bytes was an allocation and fresh memory, and each digest list
// (a unit's reads, a view's dependencies) an array of its own. Read through the table, a string is a
// retain; a digest list is a slice of the pool, read in one pass.

/// Writes a record's entries, its strings as indices into its table and its digest lists into its pool;
/// `payload(into:)` then writes the table, the pool and the entries.
struct LinkStateWriter: DiagnosticWriter {
    private var body = ByteWriter()
    private var indices: [UTF8Key: Int] = [:]
    private var strings: [String] = []
    private var digests: [UInt64] = []

    mutating func writeByte(_ byte: UInt8) { body.writeByte(byte) }
    mutating func writeVarint(_ value: Int) { body.writeVarint(value) }
    mutating func writeVarint(_ value: UInt64) { body.writeVarint(value) }
    mutating func writeFixed64(_ value: UInt64) { body.writeFixed64(value) }
    mutating func writeBool(_ value: Bool) { body.writeByte(value ? 1 : 0) }

    mutating func writeString(_ string: String) { body.writeVarint(index(of: string)) }

    /// 0 for nil, else the string's index plus one.
    mutating func writeOptionalString(_ string: String?) {
        guard let string else { return body.writeVarint(0) }
        body.writeVarint(index(of: string) + 1)
    }

    /// The count; the digests go to the pool, where the reader takes them in the order they were written.
    mutating func writeDigests(_ list: some Collection<UInt64>) {
        body.writeVarint(list.count)
        digests.append(contentsOf: list)
    }

    private mutating func index(of string: String) -> Int {
        let next = strings.count
        let index = indices[UTF8Key(string), default: next]
        if index == next {
            indices[UTF8Key(string)] = next
            strings.append(string)
        }
        return index
    }

    /// The record's payload: the string table, the digest pool, then the entries. A string longer than
    /// `PermanentStrings.inlineCapacity` bytes is followed by a NUL, and the pool by as many zero bytes (their
    /// count first) as put it on a multiple of 8 in `writer`, whose bytes a record starts on such a multiple
    /// of (`LinkStateFile`): a reader of a mapped file then makes its strings and digest lists over the
    /// file's bytes instead of copying them (`LinkStateReader.readTables`).
    func payload(into writer: inout ByteWriter) {
        writer.writeVarint(strings.count)
        for string in strings {
            writer.writeString(string)
            if string.utf8.count > PermanentStrings.inlineCapacity { writer.writeByte(0) }
        }
        writer.writeVarint(digests.count)
        let padding = (8 - (writer.count + 1) % 8) % 8
        writer.writeByte(UInt8(padding))
        writer.bytes.reserveCapacity(writer.count + padding + 8 * digests.count + body.count)
        writer.bytes.append(contentsOf: repeatElement(0, count: padding))
        for digest in digests { writer.writeFixed64(digest) }
        writer.bytes.append(contentsOf: body.bytes)
    }
}

/// A string compared and hashed by its UTF-8 bytes: `String`'s own equality merges canonically equivalent
/// spellings, which a table of the strings to write back must keep apart.
private struct UTF8Key: Hashable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Reads what `LinkStateWriter` wrote: `readTables()` first, then the entries.
struct LinkStateReader {
    var reader: ByteReader
    /// Whether the bytes read are never freed or changed (a mapping of the file kept for the process): the
    /// long strings and the digest pool are then made over them, not copied.
    private let isPermanent: Bool
    private var strings: [String] = []
    private var digests: UnsafePointer<UInt64>?
    private var poolCount = 0
    private var nextDigest = 0
    /// The kinds and scopes read so far, by the index of their name in the string table.
    private var registrationKinds = RawValueMemo<RegistrationKind>()
    private var scopes = RawValueMemo<ScopeName>()
    private var declarationKinds = RawValueMemo<DeclarationKind>()

    init(_ reader: ByteReader, isPermanent: Bool = false) {
        self.reader = reader
        self.isPermanent = isPermanent
    }

    var offset: Int { reader.offset }
    var isAtEnd: Bool { reader.isAtEnd }

    /// Reads the string table and the digest pool that start the payload.
    mutating func readTables() throws(BinaryCodingError) {
        let count = try reader.readCount()
        // The long strings are copied once into memory never freed and made over it (`PermanentStrings`):
        // each is then retained by its ~13 uses at no cost, here and in the link.
        let tableStart = reader.offset
        for _ in 0..<count {
            let length = try reader.readCount()
            _ = try reader.readRawBytes(count: length)
            if length > PermanentStrings.inlineCapacity, try reader.readByte() != 0 { throw .invalid("string end") }
        }
        let table = UnsafeRawBufferPointer(rebasing: reader.buffer[tableStart..<reader.offset])
        strings = PermanentArena.strings(
            of: table, ranges: StringTableRanges(table: table), count: count, inPlace: isPermanent)
        let digestCount = try reader.readCount(minimumElementSize: 8)
        guard digestCount < Int(Int32.max) else { throw .invalid("digest pool") }
        guard reader.skipPadding(Int(try reader.readByte())) else { throw .invalid("digest pool padding") }
        let pool = try reader.readRawBytes(count: 8 * digestCount)
        guard digestCount > 0 else { return }
        poolCount = digestCount
        // Permanent (`DigestList`): the lists read are ranges of it, not counted references to it.
        #if _endian(little)
            if isPermanent, Int(bitPattern: pool.baseAddress) % MemoryLayout<UInt64>.alignment == 0 {
                self.digests = pool.baseAddress!.assumingMemoryBound(to: UInt64.self)
                return
            }
        #endif
        let digests = UnsafeMutablePointer<UInt64>.allocate(capacity: digestCount)
        #if _endian(little)
            UnsafeMutableRawPointer(digests).copyMemory(from: pool.baseAddress!, byteCount: 8 * digestCount)
        #else
            for index in 0..<digestCount {
                (digests + index).initialize(
                    to: UInt64(littleEndian: pool.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)))
            }
        #endif
        self.digests = UnsafePointer(digests)
    }

    mutating func readByte() throws(BinaryCodingError) -> UInt8 { try reader.readByte() }
    mutating func readFixed64() throws(BinaryCodingError) -> UInt64 { try reader.readFixed64() }
    mutating func readVarint() throws(BinaryCodingError) -> UInt64 { try reader.readVarint() }
    /// `ByteReader.readCount`, with `readVarint3` and without its division: a count `value` is at most
    /// `remaining / size` exactly when `value * size` is at most `remaining` (no overflow: `value` is
    /// checked against `remaining` first, and the sizes are small).
    mutating func readCount(minimumElementSize: Int = 1) throws(BinaryCodingError) -> Int {
        let value = try readVarint3()
        let remaining = reader.remaining
        guard value <= UInt64(remaining), Int(value) * max(1, minimumElementSize) <= remaining else {
            throw .truncated
        }
        return Int(value)
    }
    mutating func readInt() throws(BinaryCodingError) -> Int {
        guard let value = Int(exactly: try readVarint3()) else { throw .invalid("integer out of range") }
        return value
    }

    /// `ByteReader.readVarint`, with up to three bytes read inline: a record's string indices (27,000
    /// strings on the generated project) and line numbers are mostly two or three bytes, which
    /// `readVarint` reads in its out-of-line loop, a check per byte (a tenth of the decode's instructions).
    @inline(__always)
    private mutating func readVarint3() throws(BinaryCodingError) -> UInt64 {
        let buffer = reader.buffer
        let offset = reader.offset
        if offset + 2 < buffer.count {
            let first = UInt64(buffer[offset])
            if first < 0x80 {
                reader.offset = offset + 1
                return first
            }
            let second = UInt64(buffer[offset + 1])
            if second < 0x80 {
                reader.offset = offset + 2
                return first & 0x7F | second << 7
            }
            let third = UInt64(buffer[offset + 2])
            if third < 0x80 {
                reader.offset = offset + 3
                return first & 0x7F | (second & 0x7F) << 7 | third << 14
            }
        }
        return try reader.readVarint()
    }

    mutating func readBool() throws(BinaryCodingError) -> Bool {
        switch try reader.readByte() {
        case 0: false
        case 1: true
        default: throw .invalid("boolean")
        }
    }

    mutating func readString() throws(BinaryCodingError) -> String {
        let index = try readVarint3()
        guard index < UInt64(strings.count) else { throw .invalid("string index") }
        return strings[Int(index)]
    }

    /// A registration's kind, scope or a description's kind, written as its name (`ByteWriter.writeString`,
    /// `writeOptionalString` for the last). Each name is one string of the table, so its value is found by
    /// the string's index (`RawValueMemo`): made from the name, it was compared with every case, at each of
    /// the ~6,000 registrations and ~3,000 descriptions read.
    mutating func readRegistrationKind() throws(BinaryCodingError) -> RegistrationKind {
        let index = try readStringIndex()
        let name = strings[index]
        return try registrationKinds.value(named: name, at: index)
    }

    mutating func readScope() throws(BinaryCodingError) -> ScopeName {
        let index = try readStringIndex()
        let name = strings[index]
        return try scopes.value(named: name, at: index)
    }

    mutating func readOptionalDeclarationKind() throws(BinaryCodingError) -> DeclarationKind? {
        let index = try readVarint3()
        guard index > 0 else { return nil }
        guard index <= UInt64(strings.count) else { throw .invalid("string index") }
        let name = strings[Int(index - 1)]
        return try declarationKinds.value(named: name, at: Int(index - 1))
    }

    private mutating func readStringIndex() throws(BinaryCodingError) -> Int {
        let index = try readVarint3()
        guard index < UInt64(strings.count) else { throw .invalid("string index") }
        return Int(index)
    }

    mutating func readOptional() throws(BinaryCodingError) -> String? {
        let index = try readVarint3()
        guard index > 0 else { return nil }
        guard index <= UInt64(strings.count) else { throw .invalid("string index") }
        return strings[Int(index - 1)]
    }

    /// The next `count` digests of the pool: a range of it, not an array of their own.
    mutating func readDigests() throws(BinaryCodingError) -> DigestList {
        let count = try readVarint3()
        guard count <= UInt64(poolCount - nextDigest) else { throw .invalid("digest count") }
        let start = nextDigest
        nextDigest += Int(count)
        return DigestList(pool: digests, range: start..<nextDigest)
    }
}

/// A list of digests in 16 bytes: a range of memory that is never freed (a record's digest pool, or a
/// list's own copy). An `ArraySlice` takes 32, and a view's dependencies hold two lists: as slices, the
/// dictionary of the generated project's 24,000 of them took 1.6 MB more fresh memory. Over an array, each
/// list read was a retain of its pool (~55,000 atomic increments of one object per read of the generated
/// project's state, a sixth of the read's CPU), and each copy of a list another; nothing is counted now.
/// The memory is leaked on purpose, as the strings read with it are (`PermanentStrings`): a list may be
/// copied anywhere, and a run keeps the state it read until it exits. Sendable: the memory never changes.
struct DigestList: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral, @unchecked Sendable {
    private let base: UnsafePointer<UInt64>?
    private let start: Int32
    private let end: Int32

    /// A permanent copy of `digests`.
    init(_ digests: [UInt64]) {
        start = 0
        end = Int32(digests.count)
        guard !digests.isEmpty else {
            base = nil
            return
        }
        let copy = UnsafeMutablePointer<UInt64>.allocate(capacity: digests.count)
        digests.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
        base = UnsafePointer(copy)
    }

    init(arrayLiteral digests: UInt64...) { self.init(digests) }

    /// `range` of `pool`, permanent memory of fewer than `Int32.max` digests.
    init(pool: UnsafePointer<UInt64>?, range: Range<Int>) {
        base = pool
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
    }

    var startIndex: Int { Int(start) }
    var endIndex: Int { Int(end) }
    subscript(position: Int) -> UInt64 {
        precondition(position >= startIndex && position < endIndex, "digest index out of range")
        return base.unsafelyUnwrapped[position]
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

/// The ranges of a string table's strings (each its length, a varint, then its bytes, and a NUL after a
/// long one), relative to the table, read again from bytes already checked: kept in a list, they were 16
/// bytes of fresh memory per string (27,000 strings in the generated project's base record).
private struct StringTableRanges: Collection {
    /// A whole table, each length already checked to fit in it.
    let table: UnsafeRawBufferPointer

    var startIndex: Int { 0 }
    var endIndex: Int { table.count }

    func index(after position: Int) -> Int {
        let range = self[position]
        return range.count > PermanentStrings.inlineCapacity ? range.upperBound + 1 : range.upperBound
    }

    subscript(position: Int) -> Range<Int> {
        var offset = position
        var length = 0
        var shift = 0
        while true {
            let byte = table[offset]
            offset += 1
            length |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return offset..<(offset + length)
    }
}

/// The values of a `String`-backed enum made from names of one string table, by the names' indices: a
/// table holds each name once, and an enum has a handful of cases, so the list stays short.
struct RawValueMemo<Value: RawRepresentable<String>> {
    private var found: [(index: Int, value: Value)] = []

    /// The value named `name`, the table's string at `index`; a name no case has is a damaged record.
    mutating func value(named name: String, at index: Int) throws(BinaryCodingError) -> Value {
        for entry in found where entry.index == index { return entry.value }
        guard let value = Value(rawValue: name) else { throw .invalid("enum name") }
        found.append((index, value))
        return value
    }
}
