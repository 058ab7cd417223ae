/// The bytes of a `.dicache` file. Layout (integers are LEB128 varints unless marked fixed, fixed ones
/// little-endian; strings are a varint byte length and UTF-8):
///
///     magic "DICACHE\0" (8 bytes), format version (fixed 32)
///     identity: tool version, scanner schema version, runtime module, define count, defines
///     key table: count, key names                       (for the binary-encoded facts)
///     run record: 0, or 1 + inputs digest (fixed 64) + payload length + payload
///     stat table: entry count, then per entry in path byte order:
///         path, size, mtime ns (zig-zag), inode, xxh3 (fixed 64), verify (byte), facts length
///     facts blobs, concatenated in stat-table order
///     xxh3-64 of every preceding byte (fixed 64)
///
/// The stat table is read without decoding any facts; a blob is decoded only when its facts are needed.
enum CacheFileFormat {
    static let magic: [UInt8] = Array("DICACHE\0".utf8)
    static let version: UInt32 = 1

    struct Contents {
        var identity: CacheIdentity
        var keyTable: CodingKeyTable
        var run: RunRecord?
        var entries: [String: CacheEntry]
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
    /// storage), and the checksum, so that a writer can stream it without assembling it.
    static func encodedPieces(_ contents: Contents) -> [ArraySlice<UInt8>] {
        var writer = ByteWriter()
        writer.bytes.append(contentsOf: magic)
        writer.writeFixed32(version)
        writer.writeString(contents.identity.toolVersion)
        writer.writeVarint(contents.identity.schemaVersion)
        writer.writeString(contents.identity.runtimeModule)
        writer.writeVarint(contents.identity.defines.count)
        for define in contents.identity.defines { writer.writeString(define) }
        writer.writeVarint(contents.keyTable.count)
        for name in contents.keyTable.names { writer.writeString(name) }
        if let run = contents.run {
            writer.writeByte(1)
            writer.writeFixed64(run.inputsDigest)
            writer.writeBytes(run.payload)
        } else {
            writer.writeByte(0)
        }
        let sorted = ByteOrder.sorted(Array(contents.entries.keys)).compactMap { path in
            contents.entries[path].map { (path, $0) }
        }
        writer.writeVarint(sorted.count)
        for (path, entry) in sorted {
            writer.writeString(path)
            writer.writeVarint(entry.status.size)
            writer.writeSigned(entry.status.modificationTime)
            writer.writeVarint(entry.status.inode)
            writer.writeFixed64(entry.contentHash)
            writer.writeByte(entry.needsVerification ? 1 : 0)
            writer.writeVarint(entry.encodedFacts.count)
        }
        var pieces = [writer.bytes[...]]
        pieces.reserveCapacity(sorted.count + 2)
        var hasher = XXH3Hasher()
        hasher.update(writer.bytes)
        for (_, entry) in sorted {
            pieces.append(entry.encodedFacts)
            hasher.update(entry.encodedFacts)
        }
        var checksum = ByteWriter()
        checksum.writeFixed64(hasher.finalize())
        pieces.append(checksum.bytes[...])
        return pieces
    }

    /// Parses `bytes`; the blobs of the returned entries share `bytes`' storage.
    static func decode(_ bytes: [UInt8], expecting identity: CacheIdentity) -> Result<Contents, Rejection> {
        var table: [ParsedEntry] = []
        let parsed = bytes.withUnsafeBytes { buffer in
            Result { () throws(Rejection) in try parse(buffer, expecting: identity, entries: &table) }
        }
        return parsed.map { contents in
            var contents = contents
            contents.entries.reserveCapacity(table.count)
            for parsed in table {
                var entry = parsed.entry
                entry.encodedFacts = bytes[parsed.blob]
                contents.entries[parsed.path] = entry
            }
            return contents
        }.flatMap { contents in
            contents.entries.count == table.count
                ? .success(contents) : .failure(.malformed(.invalid("duplicate path")))
        }
    }

    private struct ParsedEntry {
        var path: String
        var entry: CacheEntry
        var blob: Range<Int>
    }

    private static func parse(
        _ buffer: UnsafeRawBufferPointer, expecting expected: CacheIdentity,
        entries: inout [ParsedEntry]
    ) throws(Rejection) -> Contents {
        let headerSize = magic.count + 4
        guard buffer.count >= headerSize + 8, buffer.prefix(magic.count).elementsEqual(magic) else {
            throw .notACache
        }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[..<(buffer.count - 8)]), offset: magic.count)
        do {
            let version = try reader.readFixed32()
            guard version == Self.version else { throw Rejection.formatVersion(version) }
            var checksumReader = ByteReader(buffer, offset: buffer.count - 8)
            guard try checksumReader.readFixed64() == Fingerprint.xxh3(reader.buffer) else { throw Rejection.checksum }
            let identity = try readIdentity(&reader)
            if let difference = describeDifference(identity, expected) { throw Rejection.identity(difference) }
            let keyNames = try readStrings(&reader)
            let keyTable = CodingKeyTable(names: keyNames)
            guard keyTable.count == keyNames.count else { throw BinaryCodingError.invalid("duplicate key name") }
            let run = try readRun(&reader)
            entries = try readEntries(&reader)
            return Contents(identity: identity, keyTable: keyTable, run: run, entries: [:])
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

    private static func readRun(_ reader: inout ByteReader) throws(BinaryCodingError) -> RunRecord? {
        switch try reader.readByte() {
        case 0: return nil
        case 1:
            let digest = try reader.readFixed64()
            let length = try reader.readCount()
            return RunRecord(inputsDigest: digest, payload: Array(try reader.readRawBytes(count: length)))
        default: throw .invalid("run record tag")
        }
    }

    private static func readEntries(_ reader: inout ByteReader) throws(BinaryCodingError) -> [ParsedEntry] {
        // path length, size, mtime, inode, hash, verify, blob length: at least 14 bytes per entry.
        let count = try reader.readCount(minimumElementSize: 14)
        var entries: [ParsedEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.readString()
            let status = FileStatus(
                size: try reader.readVarint(), modificationTime: try reader.readSigned(), inode: try reader.readVarint()
            )
            let hash = try reader.readFixed64()
            let verify = try reader.readByte()
            guard verify <= 1 else { throw .invalid("verify flag") }
            let length = try reader.readCount()
            let entry = CacheEntry(status: status, contentHash: hash, needsVerification: verify == 1, encodedFacts: [])
            entries.append(ParsedEntry(path: path, entry: entry, blob: 0..<length))
        }
        for index in entries.indices {
            let start = reader.offset
            _ = try reader.readRawBytes(count: entries[index].blob.count)
            entries[index].blob = start..<reader.offset
        }
        guard reader.isAtEnd else { throw .invalid("bytes after the last facts blob") }
        return entries
    }
}
