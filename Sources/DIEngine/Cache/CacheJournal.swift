#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The records a run appends to a `.dicache` instead of rewriting it (in the manner of Ninja's deps log):
/// an entry that changed, an entry that went away, a new run record. Each record is
///
///     body length (fixed 32), body, xxh3-64 of length and body (fixed 64)
///
/// and its body a kind byte then, for an entry (1), the stat-table fields and either 0 (the facts are
/// those of the entry it replaces, which must exist with the same facts hash) or 1 + facts length + facts;
/// for a removal (2), the path; for a run record (3), the run record as in the head; for a new digest of
/// the run record in place (4), the digest (fixed 64); for a patch of the run record in place (5), the new
/// inputs digest (fixed 64) and the changed bytes of its payload (`RunPayloadPatch`). Replay stops at the
/// first record that is cut short (a torn tail), fails its checksum or cannot be applied; everything before
/// it stands, because every record is a complete statement about one file or the run.
enum CacheJournal {
    enum Record {
        case entry(path: String, entry: CacheEntry, inlineFacts: Bool)
        case removal(path: String)
        case run(RunRecord?)
        /// A new inputs digest for the run record in place (a build whose sources changed but none of their
        /// facts replays the same record): the payload, which lists every source, is not repeated.
        case runDigest(UInt64)
        /// A new inputs digest and payload of the same length that differs from the one in place in a few
        /// bytes (a DI edit's record: new digests and output stamps, the same depfile).
        case runPatch(UInt64, RunPayloadPatch)
    }

    private static let entryKind: UInt8 = 1
    private static let removalKind: UInt8 = 2
    private static let runKind: UInt8 = 3
    private static let runDigestKind: UInt8 = 4
    private static let runPatchKind: UInt8 = 5

    /// The cache state that records apply to.
    struct State {
        var entries: StatTable
        var run: RunRecord?
        /// Paths whose facts came from a journal record rather than the facts section.
        var inlineFacts: Set<String> = []
    }

    static func encode(_ records: [Record]) -> [UInt8] {
        var writer = ByteWriter()
        for record in records {
            let start = writer.count
            writer.writeFixed32(0)  // the body length, set below
            switch record {
            case .entry(let path, let entry, let inlineFacts):
                writer.writeByte(entryKind)
                CacheFileFormat.writeEntryFields(path, entry, to: &writer)
                if inlineFacts {
                    writer.writeByte(1)
                    writer.writeBytes(entry.encodedFacts)
                } else {
                    writer.writeByte(0)
                }
            case .removal(let path):
                writer.writeByte(removalKind)
                writer.writeString(path)
            case .run(let run):
                writer.writeByte(runKind)
                CacheFileFormat.writeRun(run, to: &writer)
            case .runDigest(let digest):
                writer.writeByte(runDigestKind)
                writer.writeFixed64(digest)
            case .runPatch(let digest, let patch):
                writer.writeByte(runPatchKind)
                writer.writeFixed64(digest)
                patch.write(to: &writer)
            }
            let length = UInt32(writer.count - start - 4)
            withUnsafeBytes(of: length.littleEndian) { writer.bytes.replaceSubrange(start..<(start + 4), with: $0) }
            writer.writeFixed64(writer.bytes[start...].withUnsafeBytes { Fingerprint.xxh3($0) })
        }
        return writer.bytes
    }

    /// Applies the records in `bytes` to `state`, in order, and returns the length of the prefix applied
    /// (`bytes.count` unless the journal ends in a torn or corrupt record). Facts of entry records are
    /// slices of `bytes`.
    static func replay(_ bytes: ArraySlice<UInt8>, onto state: inout State) -> Int {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let length = recordLength(buffer, at: offset) else { break }
                let body = UnsafeRawBufferPointer(rebasing: buffer[(offset + 4)..<(offset + 4 + length)])
                let applied = Result { () throws(BinaryCodingError) in
                    try apply(body, facts: bytes.startIndex + offset + 4, of: bytes, to: &state)
                }
                guard case .success = applied else { break }
                offset += length + 12
            }
            return offset
        }
    }

    /// The body length of the record at `offset`, if the record is complete and its checksum matches.
    private static func recordLength(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        var reader = ByteReader(buffer, offset: offset)
        guard let length = try? reader.readFixed32(), Int(length) <= reader.remaining - 8 else { return nil }
        let end = offset + 4 + Int(length)
        var checksumReader = ByteReader(buffer, offset: end)
        let framed = UnsafeRawBufferPointer(rebasing: buffer[offset..<end])
        guard let checksum = try? checksumReader.readFixed64(), checksum == Fingerprint.xxh3(framed) else { return nil }
        return Int(length)
    }

    /// Applies one record body; `base` is the index in `bytes` where the body starts.
    private static func apply(
        _ body: UnsafeRawBufferPointer, facts base: Int, of bytes: ArraySlice<UInt8>, to state: inout State
    ) throws(BinaryCodingError) {
        var reader = ByteReader(body)
        switch try reader.readByte() {
        case entryKind:
            var (path, entry) = try CacheFileFormat.readEntryFields(&reader)
            let inline = try reader.readByte()
            switch inline {
            case 0:
                guard let current = state.entries[path], current.factsHash == entry.factsHash else {
                    throw .invalid("journal entry refers to missing facts")
                }
                entry.encodedFacts = current.encodedFacts
            case 1:
                let count = try reader.readCount()
                let start = base + reader.offset
                _ = try reader.readRawBytes(count: count)
                entry.encodedFacts = bytes[start..<(start + count)]
                guard Fingerprint.xxh3(entry.encodedFacts) == entry.factsHash else { throw .invalid("facts hash") }
            default: throw .invalid("journal facts tag")
            }
            try expectEnd(reader)
            state.entries[path] = entry
            if inline == 1 { state.inlineFacts.insert(path) }
        case removalKind:
            let path = try reader.readString()
            try expectEnd(reader)
            state.entries[path] = nil
            state.inlineFacts.remove(path)
        case runKind:
            let run = try CacheFileFormat.readRun(&reader)
            try expectEnd(reader)
            state.run = run
        case runDigestKind:
            let digest = try reader.readFixed64()
            try expectEnd(reader)
            guard state.run != nil else { throw .invalid("journal digest without a run record") }
            state.run?.inputsDigest = digest
        case runPatchKind:
            let digest = try reader.readFixed64()
            guard let count = state.run?.payload.count else { throw .invalid("journal patch without a run record") }
            let runs = try RunPayloadPatch.readRuns(&reader, payloadCount: count)
            try expectEnd(reader)
            state.run!.inputsDigest = digest
            RunPayloadPatch.apply(runs, to: &state.run!.payload)
        default: throw .invalid("journal record kind")
        }
    }

    private static func expectEnd(_ reader: ByteReader) throws(BinaryCodingError) {
        guard reader.isAtEnd else { throw .invalid("bytes after a journal record") }
    }
}

/// Where a loaded cache file can take appended records: the file's identity and length when it was read.
struct JournalTarget: Sendable {
    var path: String
    var device: UInt64
    var inode: UInt64
    /// The file's length; appends go here.
    var size: Int
    /// Where the journal starts (the head and facts section before it are never rewritten in place).
    var journalStart: Int
    /// The run record as the file states it (the entries' changes are kept by `SourceCache.setEntry`).
    var run: RunRecord?

    var journalLength: Int { size - journalStart }

    /// Appending is worth it while the journal stays small against what it amends: past this many bytes
    /// the cache is compacted (rewritten whole) instead.
    var compactionThreshold: Int { max(16 << 10, journalStart / 8) }
}

extension CacheJournal {
    /// Appends `bytes` at the end of the file `target` describes, under an exclusive `flock` so that
    /// concurrent appenders take turns. Returns false without writing when the file at the path is no
    /// longer that file at that length (another run appended to it, or renamed a new cache over it): the
    /// caller then rewrites the whole cache atomically instead. A failed write is cut off again.
    static func append(_ bytes: [UInt8], to target: JournalTarget) throws(FileSystemError) -> Bool {
        let descriptor = open(target.path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileSystemError(path: target.path, code: errno) }
        defer { _ = systemClose(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw FileSystemError(path: target.path, code: errno) }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, UInt64(info.st_dev) == target.device,
            UInt64(info.st_ino) == target.inode, Int(info.st_size) == target.size
        else { return false }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, bytes.count - written, off_t(target.size + written))
            }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 {
                let failure = FileSystemError(path: target.path, code: result < 0 ? errno : EIO)
                _ = ftruncate(descriptor, off_t(target.size))
                throw failure
            }
            written += result
        }
        return true
    }
}

/// What identifies an open file for an append: its length, device and inode.
struct FileStamp {
    var size: Int
    var device: UInt64
    var inode: UInt64
}

extension OpenFile {
    func stamp() throws(FileSystemError) -> FileStamp {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, code: errno) }
        return FileStamp(size: Int(max(0, info.st_size)), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
