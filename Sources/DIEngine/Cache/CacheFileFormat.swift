/// The bytes of a `.dicache` file (`docs/cache-format.md` has the byte-by-byte description). Layout
/// (integers are LEB128 varints unless marked fixed, fixed ones little-endian; strings are a varint byte
/// length and UTF-8):
///
///     magic "DICACHE\0" (8 bytes), format version (fixed 32), head length (fixed 64: the bytes from the
///         start of the file to the end of the head checksum)
///     identity: tool version, scanner schema version, runtime module, define count, defines
///     run record: 0, or 1 + inputs digest (fixed 64) + payload length + payload
///     stat table: entry count, then per entry in path byte order:
///         path, size, mtime ns (zig-zag), inode, xxh3 (fixed 64), verify (byte), facts xxh3 (fixed 64),
///         facts length
///     head checksum: xxh3-64 of every preceding byte (fixed 64)
///     facts blobs (`FactsCodec`), concatenated in stat-table order
///     blobs checksum: xxh3-64 of the blobs (fixed 64)
///     journal: records appended by later runs (`CacheJournal`), each checksummed on its own
///
/// The head (stat table and run record) is read and checked on its own, so a no-op build reads neither
/// the blobs nor any source; a blob is decoded only when its facts are needed.
enum CacheFileFormat {
    static let magic: [UInt8] = Array("DICACHE\0".utf8)
    static let version: UInt32 = 5
    /// Magic, version and head length.
    static let prefixSize = 20

    struct Contents {
        var identity: CacheIdentity
        var run: RunRecord?
        var entries: StatTable
    }

    /// Why a cache file was not used; rendered into the `-v` note.
    enum Rejection: Error, Equatable {
        case notACache
        case formatVersion(UInt32)
        case checksum
        case identity(String)
        case malformed(BinaryCodingError)

        var reason: String {
            switch self {
            case .notACache: "not a dibuild cache file"
            case .formatVersion(let version): "cache format version \(version), expected \(CacheFileFormat.version)"
            case .checksum: "corrupt or truncated (checksum mismatch)"
            case .identity(let difference): "written with \(difference)"
            case .malformed(let error): "malformed (\(error))"
            }
        }
    }

    static func encode(_ contents: Contents) -> [UInt8] {
        Array(encodedPieces(contents).joined())
    }

    /// The file as consecutive pieces: the header and stat table, each facts blob (sharing the entries'
    /// storage), and the checksum, so that a writer can stream it without assembling it. No journal.
    static func encodedPieces(_ contents: Contents) -> [ArraySlice<UInt8>] {
        var writer = ByteWriter()
        writer.bytes.append(contentsOf: magic)
        writer.writeFixed32(version)
        writer.writeFixed64(0)  // the head length, set below
        writer.writeString(contents.identity.toolVersion)
        writer.writeVarint(contents.identity.schemaVersion)
        writer.writeString(contents.identity.runtimeModule)
        writer.writeVarint(contents.identity.defines.count)
        for define in contents.identity.defines { writer.writeString(define) }
        writeRun(contents.run, to: &writer)
        let sorted = contents.entries.sorted()
        writer.writeVarint(sorted.count)
        for (path, entry) in sorted {
            writeEntryFields(path, entry, to: &writer)
            writer.writeVarint(entry.encodedFacts.count)
        }
        let headLength = UInt64(writer.count + 8)
        withUnsafeBytes(of: headLength.littleEndian) { writer.bytes.replaceSubrange(12..<20, with: $0) }
        writer.writeFixed64(writer.bytes.withUnsafeBytes { Fingerprint.xxh3($0) })
        var pieces = [writer.bytes[...]]
        pieces.reserveCapacity(sorted.count + 2)
        var hasher = XXH3Hasher()
        for (_, entry) in sorted {
            pieces.append(entry.encodedFacts)
            hasher.update(entry.encodedFacts)
        }
        var checksum = ByteWriter()
        checksum.writeFixed64(hasher.finalize())
        pieces.append(checksum.bytes[...])
        return pieces
    }

    /// Parses a whole file, journal included; the blobs of the returned entries share `bytes`' storage.
    static func decode(_ bytes: [UInt8], expecting identity: CacheIdentity) -> Result<Contents, Rejection> {
        let head = bytes.withUnsafeBytes { buffer in
            Result { () throws(Rejection) in
                let length = try headLength(
                    UnsafeRawBufferPointer(rebasing: buffer.prefix(prefixSize)), fileSize: buffer.count)
                return try decodeHead(UnsafeRawBufferPointer(rebasing: buffer.prefix(length)), expecting: identity)
            }
        }
        return head.flatMap { head in
            guard head.journalStart <= bytes.count else { return .failure(.checksum) }
            let section = bytes[head.blobsRange]
            let checksum = readChecksum(bytes[head.blobsRange.upperBound..<head.journalStart])
            return head.contents(attaching: section, checksum: checksum).map { contents in
                var state = CacheJournal.State(entries: contents.entries, run: contents.run)
                _ = CacheJournal.replay(bytes[head.journalStart...], onto: &state)
                return Contents(identity: contents.identity, run: state.run, entries: state.entries)
            }
        }
    }

    /// The fixed 64-bit checksum stored in `bytes` (8 bytes, little-endian).
    static func readChecksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The head length announced by the first `prefixSize` bytes, checked against the file size.
    static func headLength(_ prefix: UnsafeRawBufferPointer, fileSize: Int) throws(Rejection) -> Int {
        guard prefix.count >= prefixSize, prefix.prefix(magic.count).elementsEqual(magic) else { throw .notACache }
        var reader = ByteReader(prefix, offset: magic.count)
        do {
            let version = try reader.readFixed32()
            guard version == Self.version else { throw Rejection.formatVersion(version) }
            let length = try reader.readFixed64()
            guard length >= UInt64(prefixSize + 8), length <= UInt64(fileSize - 8) else { throw Rejection.checksum }
            return Int(length)
        } catch let rejection as Rejection {
            throw rejection
        } catch {
            throw .checksum
        }
    }

    /// A checked head: everything but the facts blobs, whose places it records.
    struct Head {
        var contents: Contents
        /// Each entry's path and blob range within the blobs section.
        var blobs: [BlobPlace]
        var headLength: Int

        /// The blobs section within the file (its checksum follows it).
        var blobsRange: Range<Int> { headLength..<(headLength + (blobs.last?.range.upperBound ?? 0)) }
        /// Where the journal begins: after the blobs and their checksum.
        var journalStart: Int { blobsRange.upperBound + 8 }

        /// The contents with every entry's facts blob taken from `section`, if the section has exactly the
        /// announced length and its checksum.
        func contents(attaching section: ArraySlice<UInt8>, checksum: UInt64) -> Result<Contents, Rejection> {
            guard let section = checkedSection(section, checksum: checksum) else { return .failure(.checksum) }
            var contents = contents
            for (position, blob) in blobs.enumerated() {
                let facts = section[(section.startIndex + blob.start)..<(section.startIndex + blob.end)]
                contents.entries.setFacts(facts, at: position, ofKey: blob.path)
            }
            return .success(contents)
        }

        /// `section`, if it has exactly the announced length of the blobs section and its checksum.
        func checkedSection(_ section: ArraySlice<UInt8>, checksum: UInt64) -> ArraySlice<UInt8>? {
            section.count == blobsRange.count && Fingerprint.xxh3(section) == checksum ? section : nil
        }
    }

    /// Parses and checks the head (`headLength` bytes from the start of the file). `entryCount` is told the
    /// stat table's entry count as soon as it is read, before the entries are decoded.
    static func decodeHead(
        _ buffer: UnsafeRawBufferPointer, expecting expected: CacheIdentity, entryCount: ((Int) -> Void)? = nil
    ) throws(Rejection) -> Head {
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[..<(buffer.count - 8)]), offset: prefixSize)
        do {
            var checksumReader = ByteReader(buffer, offset: buffer.count - 8)
            guard try checksumReader.readFixed64() == Fingerprint.xxh3(reader.buffer) else { throw Rejection.checksum }
            let identity = try readIdentity(&reader)
            if let difference = describeDifference(identity, expected) { throw Rejection.identity(difference) }
            let run = try readRun(&reader)
            let (entries, blobs) = try readEntries(&reader, entryCount: entryCount)
            guard reader.isAtEnd else { throw BinaryCodingError.invalid("bytes after the stat table") }
            let contents = Contents(identity: identity, run: run, entries: entries)
            return Head(contents: contents, blobs: blobs, headLength: buffer.count)
        } catch let rejection as Rejection {
            throw rejection
        } catch let error as BinaryCodingError {
            throw .malformed(error)
        } catch {
            throw .malformed(.invalid("\(error)"))
        }
    }

    private static func readIdentity(_ reader: inout ByteReader) throws(BinaryCodingError) -> CacheIdentity {
        let toolVersion = try reader.readString()
        let schemaVersion = try reader.readVarint()
        let runtimeModule = try reader.readString()
        return CacheIdentity(
            toolVersion: toolVersion, runtimeModule: runtimeModule, schemaVersion: Int(clamping: schemaVersion),
            defines: try readStrings(&reader))
    }

    private static func describeDifference(_ found: CacheIdentity, _ expected: CacheIdentity) -> String? {
        if found.toolVersion != expected.toolVersion { return "dibuild \(found.toolVersion)" }
        if found.schemaVersion != expected.schemaVersion { return "scanner schema \(found.schemaVersion)" }
        if found.runtimeModule != expected.runtimeModule { return "runtime module '\(found.runtimeModule)'" }
        if found.defines != expected.defines { return "other defines" }
        return nil
    }

    private static func readStrings(_ reader: inout ByteReader) throws(BinaryCodingError) -> [String] {
        let count = try reader.readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try reader.readString()) }
        return strings
    }

    static func writeRun(_ run: RunRecord?, to writer: inout ByteWriter) {
        if let run {
            writer.writeByte(1)
            writer.writeFixed64(run.inputsDigest)
            writer.writeBytes(run.payload)
        } else {
            writer.writeByte(0)
        }
    }

    static func readRun(_ reader: inout ByteReader) throws(BinaryCodingError) -> RunRecord? {
        switch try reader.readByte() {
        case 0: return nil
        case 1:
            let digest = try reader.readFixed64()
            let length = try reader.readCount()
            return RunRecord(inputsDigest: digest, payload: Array(try reader.readRawBytes(count: length)))
        default: throw .invalid("run record tag")
        }
    }

    /// Path, stat fields, content hash, verify flag and facts hash: what the stat table and a journal entry
    /// record share.
    static func writeEntryFields(_ path: String, _ entry: CacheEntry, to writer: inout ByteWriter) {
        writer.writeString(path)
        writer.writeVarint(entry.status.size)
        writer.writeSigned(entry.status.modificationTime)
        writer.writeVarint(entry.status.inode)
        writer.writeFixed64(entry.contentHash)
        writer.writeByte(entry.needsVerification ? 1 : 0)
        writer.writeFixed64(entry.factsHash)
    }

    /// What `writeEntryFields` wrote, as an entry without facts.
    static func readEntryFields(_ reader: inout ByteReader) throws(BinaryCodingError) -> (String, CacheEntry) {
        let path = try reader.readString()
        let status = FileStatus(
            size: try reader.readVarint(), modificationTime: try reader.readSigned(), inode: try reader.readVarint())
        let hash = try reader.readFixed64()
        let verify = try reader.readByte()
        guard verify <= 1 else { throw .invalid("verify flag") }
        let factsHash = try reader.readFixed64()
        let entry = CacheEntry(
            status: status, contentHash: hash, needsVerification: verify == 1, encodedFacts: [], factsHash: factsHash)
        return (path, entry)
    }

    private static func readEntries(_ reader: inout ByteReader, entryCount: ((Int) -> Void)?) throws(BinaryCodingError)
        -> (StatTable, [BlobPlace])
    {
        // path length, size, mtime, inode, hash, verify, facts hash, blob length: at least 22 bytes per entry.
        let count = try reader.readCount(minimumElementSize: 22)
        entryCount?(count)
        // Kept in the file's order, which the walk's cursor follows (`StatTable`): no dictionary is built.
        var slots: [StatTable.Slot] = []
        slots.reserveCapacity(count)
        var blobs: [BlobPlace] = []
        blobs.reserveCapacity(count)
        var offset = 0
        var lastPath = UnsafeRawBufferPointer(start: nil, count: 0)
        for index in 0..<count {
            // Strictly increasing, as written (so no path twice), compared where the bytes lie.
            var peek = reader
            let pathBytes = try peek.readRawBytes(count: try peek.readCount())
            guard index == 0 || ByteOrder.order(lastPath, pathBytes) < 0 else { throw .invalid("stat table order") }
            lastPath = pathBytes
            let (path, entry) = try readEntryFields(&reader)
            let length = try reader.readVarint()
            guard length <= UInt64(Int.max / 4 - offset) else { throw .invalid("facts length") }
            slots.append(StatTable.Slot(key: path, entry: entry))
            blobs.append(BlobPlace(path: path, start: offset, end: offset + Int(length)))
            offset += Int(length)
        }
        return (StatTable(sortedSlots: slots), blobs)
    }
}

/// Where an entry's facts blob lies in the blobs section, by path. A struct of plain fields, not a
/// `(path: String, range: Range<Int>)` tuple: an array of those instantiates `Range<Int>`'s metadata, whose
/// `Bound: Comparable` requirement costs the runtime a scan of every protocol conformance record at its
/// first use in a process (~0.05-0.1 ms of every run that loads a cache).
struct BlobPlace: Sendable {
    var path: String
    var start: Int
    var end: Int

    var range: Range<Int> { start..<end }
}
