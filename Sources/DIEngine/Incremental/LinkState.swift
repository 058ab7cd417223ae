/// The link units of the last build of a target, kept beside its cache as `<target>.dilink`
/// (`docs/incremental.md`). Only a speed-up: a missing, damaged or foreign file is ignored, and every unit is
/// checked against this run's facts and name views before it is reused.
struct LinkState: Equatable {
    /// Facts digest of every linked file, by path, when the units were made.
    var factsDigests: [String: UInt64]
    var views: NameViews
    var typeUnits: [String: TypeLinkUnit] { didSet { storedReads = nil } }
    var fileUnits: [String: FileLinkUnit] { didSet { storedReads = nil } }
    /// The declared types the graph described (`LinkedGraph.types`), a function of each name's view.
    var types: [String: DeclaredType] = [:]
    /// The file the state was read from, when a save may append to it; not part of the state's value.
    var stored: StoredLinkState?

    static let empty = LinkState(factsDigests: [:], views: NameViews(views: [:]), typeUnits: [:], fileUnits: [:])

    static func == (lhs: LinkState, rhs: LinkState) -> Bool {
        lhs.factsDigests == rhs.factsDigests && lhs.views == rhs.views && lhs.typeUnits == rhs.typeUnits
            && lhs.fileUnits == rhs.fileUnits && lhs.types == rhs.types
    }

    /// `reads` as the state file stores them, each once, in no particular order (any change to the units
    /// forgets them); not part of the state's value. Collecting them from every unit at load took a set
    /// insertion per read of every unit.
    var storedReads: DigestList?

    /// Every name some unit looked up.
    var reads: Set<UInt64> { storedReads.map { Set($0) } ?? computedReads }

    /// `reads` to iterate: the stored ones where the state has them, without making a set.
    var readList: DigestList { storedReads ?? DigestList(Array(computedReads)) }

    private var computedReads: Set<UInt64> {
        var reads: Set<UInt64> = []
        // Room for every name read, sized once: growing would rehash every name read so far each time. The
        // views hold one entry per name read (`NameViewer`); room for every read with its repeats would be
        // several times that, all of it fresh memory, and copied whole when the set is.
        reads.reserveCapacity(views.dependencies.count)
        for unit in typeUnits.values { reads.formUnion(unit.reads) }
        for unit in fileUnits.values { reads.formUnion(unit.reads) }
        return reads
    }
}

/// A record's change to the names read (`LinkState.reads`): those added and those removed, each sorted.
struct ReadChanges: Equatable {
    var added: DigestList = []
    var removed: DigestList = []

    init(added: some Sequence<UInt64> = [], removed: some Sequence<UInt64> = []) {
        self.added = DigestList(added.sorted())
        self.removed = DigestList(removed.sorted())
    }

    /// Lists already sorted, as a record stores them.
    init(sortedAdded added: DigestList, removed: DigestList) {
        self.added = added
        self.removed = removed
    }

    init(from old: Set<UInt64>, to new: Set<UInt64>) {
        self.init(added: new.subtracting(old), removed: old.subtracting(new))
    }

    var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// The names read of a base record and the changes appended records made to them, kept as changes (a
/// name is added only when the state lacks it and removed only when it has it) and applied once, after
/// the last record.
struct StoredReads {
    var base: DigestList
    private var added: Set<UInt64> = []
    private var removed: Set<UInt64> = []

    init(base: DigestList) { self.base = base }

    mutating func apply(_ changes: ReadChanges) {
        for digest in changes.removed where added.remove(digest) == nil { removed.insert(digest) }
        for digest in changes.added where removed.remove(digest) == nil { added.insert(digest) }
    }

    var reads: DigestList {
        guard !added.isEmpty || !removed.isEmpty else { return base }
        var reads = removed.isEmpty ? Array(base) : base.filter { !removed.contains($0) }
        reads.append(contentsOf: added)
        return DigestList(reads)
    }
}

/// Where a `LinkState` was read from, so that the next save can append what changed instead of rewriting
/// the file: the file's identity and length when read, and where its appended records start.
struct StoredLinkState {
    var path: String
    var stamp: FileStamp
    /// The length of the head and the base record.
    var baseLength: Int

    var appendedLength: Int { stamp.size - baseLength }

    /// Appending is worth it while the appended records stay small against the base they amend: past
    /// this many bytes the state is compacted (rewritten whole) instead, as the cache is (`JournalTarget`).
    var compactionThreshold: Int { max(16 << 10, baseLength / 8) }
}

/// Reads and writes `LinkState` files, in the manner of Ninja's deps log: a head (magic, format version, tool
/// identity), a base record (the whole state), then records appended by later builds, each the changes
/// since the state before it. Each record is
///
///     payload length (fixed 32), payload, xxh3-64 of length and payload (fixed 64)
///
/// and its payload a table-by-table change (`writeLinkStateChanges`; the base's is the change from
/// `LinkState.empty`) ending in zeros that make the record a multiple of 8 bytes long; the head ends in
/// zeros to a multiple of 8 too, so every record starts on one (format 8: a load maps the file and takes
/// each record's digest pool where it lies, `MappedFile`). A load stops at the first appended record that
/// is cut short or fails its checksum or decoding: the state before it stands (an older state is as good as
/// any: every unit is checked against the run that reads it), and the next save rewrites the file.
enum LinkStateFile {
    static let magic = Array("DILINK\u{0}\u{0}".utf8)
    /// Bump on any change to the payload, or to what a unit means.
    static let formatVersion: UInt32 = 8

    /// `<cache dir>/<target>.dilink`, beside the target's cache file.
    static func path(cacheFile: String) -> String {
        let stem = cacheFile.hasSuffix(".dicache") ? String(cacheFile.dropLast(".dicache".count)) : cacheFile
        return stem + ".dilink"
    }

    /// A whole file: the head and `state` as its base record.
    static func encode(_ state: LinkState, identity: String) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes = magic
        writer.writeFixed32(formatVersion)
        writer.writeString(identity)
        // The base record starts on a multiple of 8, as does every record after it (`appendRecord`).
        writer.bytes.append(contentsOf: repeatElement(0, count: (8 - writer.count % 8) % 8))
        appendRecord(LinkStateChanges(from: .empty, to: state), to: &writer)
        return writer.bytes
    }

    /// The record that turns `old` into `new`, to append to a file whose state is `old`, and whether it
    /// changes anything.
    static func encodeChanges(from old: LinkState, to new: LinkState) -> (record: [UInt8], changes: Bool) {
        encodeRecord(LinkStateChanges(from: old, to: new), over: old)
    }

    /// The record of `changes`, to append to a file whose state is `old`, and whether it changes anything.
    static func encodeRecord(_ changes: LinkStateChanges, over old: LinkState) -> (record: [UInt8], changes: Bool) {
        var writer = ByteWriter()
        appendRecord(changes, to: &writer)
        return (writer.bytes, changes.change(old))
    }

    private static func appendRecord(_ changes: LinkStateChanges, to writer: inout ByteWriter) {
        let start = writer.count
        writer.writeFixed32(0)  // the payload length, set below
        writer.writeLinkStateChanges(changes)
        // Zeros to a multiple of 8 with the checksum: the next record starts on one too, and a reader of the
        // mapped file takes a record's digest pool where it lies (`LinkStateWriter.payload(into:)`).
        writer.bytes.append(contentsOf: repeatElement(0, count: (8 - (writer.count - start) % 8) % 8))
        let length = UInt32(truncatingIfNeeded: writer.count - start - 4)
        withUnsafeBytes(of: length.littleEndian) { writer.bytes.replaceSubrange(start..<(start + 4), with: $0) }
        writer.writeFixed64(writer.bytes[start...].withUnsafeBytes { Fingerprint.xxh3($0) })
    }

    /// Nil for anything but a file of this format and identity with an intact base record. `stamp`, the
    /// file's when it was read, lets the next save append to it (only when every appended record applied).
    static func decode(_ bytes: [UInt8], identity: String, path: String = "", stamp: FileStamp? = nil) -> LinkState? {
        bytes.withUnsafeBytes { decode($0, identity: identity, path: path, stamp: stamp) }
    }

    /// `decode(_:identity:path:stamp:)` of `buffer`. `isPermanent`: the bytes are never freed or changed (a
    /// mapping of the file kept for the process), and the state's long strings and digest lists are made
    /// over them; otherwise nothing decoded points into them.
    static func decode(
        _ buffer: UnsafeRawBufferPointer, identity: String, path: String = "", stamp: FileStamp? = nil,
        isPermanent: Bool = false
    ) -> LinkState? {
        var reader = ByteReader(buffer)
        var base = LinkStateTables()
        guard let magic = try? reader.readRawBytes(count: Self.magic.count), Array(magic) == Self.magic,
            (try? reader.readFixed32()) == formatVersion, (try? reader.readString()) == identity,
            reader.skipPadding((8 - reader.offset % 8) % 8),
            readRecord(at: &reader, into: &base, isPermanent: isPermanent)
        else { return nil }
        var reads = StoredReads(base: base.reads.added)
        var state = base.takeState()
        let baseLength = reader.offset
        while !reader.isAtEnd {
            var changes = LinkStateChanges()
            guard readRecord(at: &reader, into: &changes, isPermanent: isPermanent) else { break }
            reads.apply(changes.reads)
            changes.move(into: &state)
        }
        state.storedReads = reads.reads
        if reader.isAtEnd, let stamp, stamp.size == buffer.count {
            state.stored = StoredLinkState(path: path, stamp: stamp, baseLength: baseLength)
        }
        return state
    }

    /// Reads the record at the reader's offset into `target` and the reader past it; false (the reader where
    /// it was, `target` to be dropped) when the record is cut short, fails its checksum or does not decode.
    private static func readRecord<Target: LinkStateRecordTarget>(
        at reader: inout ByteReader, into target: inout Target, isPermanent: Bool
    ) -> Bool {
        let start = reader.offset
        guard let length = try? reader.readFixed32(), Int(length) <= reader.remaining - 8 else {
            reader.offset = start
            return false
        }
        let end = reader.offset + Int(length)
        var checksumReader = ByteReader(reader.buffer, offset: end)
        let framed = UnsafeRawBufferPointer(rebasing: reader.buffer[start..<end])
        var payload = ByteReader(UnsafeRawBufferPointer(rebasing: reader.buffer[..<end]), offset: reader.offset)
        guard let checksum = try? checksumReader.readFixed64(), checksum == Fingerprint.xxh3(framed),
            (try? payload.readLinkStateRecord(into: &target, isPermanent: isPermanent)) != nil,
            payload.skipPadding(payload.remaining)
        else {
            reader.offset = start
            return false
        }
        reader.offset = end + 8
        return true
    }

    /// The state stored at `path`, or nil (no file, unreadable, damaged or foreign).
    static func load(from path: String, identity: String) -> LinkState? {
        guard let file = try? OpenFile(path: path) else { return nil }
        defer { file.close() }
        if let mapped = MappedFile(file) {
            // Kept mapped: the state's long strings and digest lists are made over the file's bytes.
            defer { mapped.unlock() }
            return decode(mapped.bytes, identity: identity, path: path, stamp: mapped.stamp, isPermanent: true)
        }
        guard let stamp = try? file.stamp(), let bytes = try? file.read(count: stamp.size, at: 0) else { return nil }
        return decode(bytes, identity: identity, path: path, stamp: stamp)
    }

    /// How a save went: how many bytes it wrote, and whether it appended them (none: the file already
    /// held the state).
    struct Written {
        var bytes: Int
        var appended: Bool
    }

    /// Appends the changes since `previous` when `previous` was read from this file and the appended records
    /// stay small (nothing when nothing changed), else writes the whole state atomically. A failure only
    /// costs the next build its reuse, so it is returned for `-v`.
    static func save(
        _ state: LinkState, previous: LinkState? = nil, to path: String, identity: String
    ) -> Result<Written, FileSystemError> {
        save(
            previous: previous, to: path, identity: identity, changes: { LinkStateChanges(from: $0, to: state) },
            state: { state })
    }

    /// `save(_:previous:to:identity:)` for a state made only when the whole file is rewritten: `changes`
    /// gives what turns `previous` into it, for an append.
    static func save(
        previous: LinkState?, to path: String, identity: String, changes: (LinkState) -> LinkStateChanges,
        state: () -> LinkState
    ) -> Result<Written, FileSystemError> {
        do throws(FileSystemError) {
            if let previous, let stored = previous.stored, stored.path == path {
                let (record, changes) = encodeRecord(changes(previous), over: previous)
                if !changes { return .success(Written(bytes: 0, appended: true)) }
                if stored.appendedLength + record.count <= stored.compactionThreshold {
                    let target = JournalTarget(
                        path: path, device: stored.stamp.device, inode: stored.stamp.inode, size: stored.stamp.size,
                        journalStart: stored.baseLength, run: nil)
                    if try CacheJournal.append(record, to: target) {
                        return .success(Written(bytes: record.count, appended: true))
                    }
                }
            }
            let bytes = encode(state(), identity: identity)
            try AtomicFileWriter.write(pieces: [bytes[...]], to: path)
            return .success(Written(bytes: bytes.count, appended: false))
        } catch {
            return .failure(error)
        }
    }
}

extension ByteReader {
    /// Skips `count` zero bytes, fewer than 8, that put what follows on a multiple of 8 (`LinkStateFile`);
    /// false when they are not all there or not all zeros.
    mutating func skipPadding(_ count: Int) -> Bool {
        guard count < 8, let bytes = try? readRawBytes(count: count) else { return false }
        return bytes.allSatisfy { $0 == 0 }
    }
}
