import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-file incremental cache of one target (`docs/cache-format.md`).
///
/// A run loads it, calls `lookup(_:)` once with the target's complete source list, decodes the facts of
/// cached files (`facts(of:)`), scans the others and `store`s their facts, then `save`s it. A cache that
/// cannot be used is replaced by an empty one, never an error.
public struct SourceCache: Sendable {
    /// Entries whose mtime is less than this before the lookup are marked for verification.
    public static let racyInterval: Int64 = 2_000_000_000

    public let identity: CacheIdentity
    /// Keyed by absolute lexically normalised path.
    public internal(set) var entries: [String: CacheEntry] = [:]
    /// The previous run's record, as loaded or last set.
    public internal(set) var run: RunRecord?
    /// Whether `save` has something to write.
    public internal(set) var hasChanges = false
    public internal(set) var statistics = CacheStatistics()
    /// The stored facts of the entries that `lookup` dropped because their file changed or cannot be read
    /// (empty slices until `loadFacts` for a lazily loaded cache), so that a run can tell which files'
    /// facts changed.
    public internal(set) var displacedFacts: [String: ArraySlice<UInt8>] = [:]
    /// Entries `lookup` dropped because their file is no longer a source of the target.
    public internal(set) var droppedEntries = 0
    /// Files `lookup` found without an entry.
    public internal(set) var newFiles = 0
    /// The facts blobs not read yet (`load(from:identity:lazyFacts:)`).
    var lazyFacts: LazyFacts?

    public init(identity: CacheIdentity) {
        self.identity = identity
    }

    /// The largest cache file read (some ten times that of a 100,000-file project); a larger one, like one
    /// that is not a regular file, is ignored and replaced.
    static let fileSizeLimit: UInt64 = 256 << 20

    /// The cache stored at `path`, or an empty one plus a `-v` note saying why the file was not used
    /// (no note when the file does not exist yet). With `lazyFacts`, only the head (identity, run record,
    /// stat table) is read and checked; `loadFacts()` reads the facts blobs when they are needed.
    public static func load(
        from path: String, identity: CacheIdentity, lazyFacts: Bool = false
    ) -> (cache: SourceCache, note: String?) {
        var cache = SourceCache(identity: identity)
        let rejection: CacheFileFormat.Rejection
        do throws(FileSystemError) {
            let file = try OpenFile(path: path, sizeLimit: fileSizeLimit)
            let source = LazyFacts.Source(file: file)
            let size = Int(clamping: try file.status().size)
            if lazyFacts {
                let prefix = try file.read(count: CacheFileFormat.prefixSize, at: 0)
                let length = prefix.withUnsafeBytes { buffer in
                    Result { () throws(CacheFileFormat.Rejection) in
                        try CacheFileFormat.headLength(buffer, fileSize: size)
                    }
                }
                let decoded: Result<CacheFileFormat.Head, CacheFileFormat.Rejection>
                switch length {
                case .success(let length):
                    let head = try file.read(count: length, at: 0)
                    decoded = head.withUnsafeBytes { buffer in
                        Result { () throws(CacheFileFormat.Rejection) in
                            try CacheFileFormat.decodeHead(buffer, expecting: identity)
                        }
                    }
                case .failure(let failure): decoded = .failure(failure)
                }
                switch decoded {
                case .success(let head):
                    cache.adopt(head.contents)
                    cache.lazyFacts = LazyFacts(source: source, head: head, fileSize: size)
                    return (cache, nil)
                case .failure(let failure): rejection = failure
                }
            } else {
                switch CacheFileFormat.decode(try file.read(count: size, at: 0), expecting: identity) {
                case .success(let contents):
                    cache.adopt(contents)
                    return (cache, nil)
                case .failure(let failure): rejection = failure
                }
            }
        } catch {
            if error.code == ENOENT { return (cache, nil) }
            cache.hasChanges = true
            return (cache, "ignoring cache '\(path)': \(error.reason)")
        }
        cache.hasChanges = true
        return (cache, "ignoring cache '\(path)': \(rejection.reason)")
    }

    private mutating func adopt(_ contents: CacheFileFormat.Contents) {
        entries = contents.entries
        run = contents.run
    }

    /// Reads the facts blobs that a lazy `load` left out. On failure (the file was damaged after its head)
    /// every entry is dropped, so that every file is read and scanned again, and the returned note says why.
    public mutating func loadFacts() -> String? {
        guard let lazy = lazyFacts else { return nil }
        lazyFacts = nil
        let range = lazy.head.blobsRange(fileSize: lazy.fileSize)
        let contents: Result<CacheFileFormat.Contents, CacheFileFormat.Rejection>
        do throws(FileSystemError) {
            let bytes = try lazy.source.file.read(count: range.count + 8, at: range.lowerBound)
            let checksum = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            contents =
                bytes.count == range.count + 8
                ? lazy.head.contents(attaching: bytes.dropLast(8), checksum: checksum) : .failure(.checksum)
        } catch {
            contents = .failure(.checksum)
        }
        guard case .success(let loaded) = contents else {
            entries = [:]
            displacedFacts = [:]
            newFiles = 0
            droppedEntries = 0
            hasChanges = true
            return "ignoring the facts in cache '\(lazy.source.file.path)': corrupt or truncated (checksum mismatch)"
        }
        for (path, entry) in loaded.entries where !lazy.replaced.contains(path) {
            entries[path]?.encodedFacts = entry.encodedFacts
        }
        for path in displacedFacts.keys { displacedFacts[path] = loaded.entries[path]?.encodedFacts ?? [] }
        return nil
    }

    /// The lookups with the facts blobs of cached files as they are now (after `loadFacts`).
    public func refreshed(_ lookups: [FileLookup]) -> [FileLookup] {
        lookups.map { lookup in
            guard case .cached = lookup.outcome, let entry = entries[lookup.key] else { return lookup }
            return FileLookup(path: lookup.path, key: lookup.key, outcome: .cached(entry.encodedFacts), entry: entry)
        }
    }

    /// Looks up every file of the run, in order. `files` are display paths, resolved against
    /// `workingDirectory` (default: the current directory); entries of files not listed are dropped.
    /// `now` (ns since the epoch) is the moment the run started reading, for the racy-timestamp rule.
    /// The files are stat'd (and read where needed) on every core; the cache is updated afterwards.
    public mutating func lookup(
        _ files: [String], workingDirectory: String? = nil,
        now: Int64 = currentTimeNanoseconds()
    ) -> [FileLookup] {
        let workingDirectory = workingDirectory ?? LocalDisk.currentDirectory()
        statistics.files += files.count
        let known = entries
        let examined = ConcurrentSlots<Examination>(count: files.count)
        let chunkCount = min(files.count, 64)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in files.count * chunk / chunkCount..<files.count * (chunk + 1) / chunkCount {
                let key = AbsolutePath.of(files[index], relativeTo: workingDirectory)
                examined[index] = Self.examine(path: files[index], key: key, entry: known[key], now: now)
            }
        }
        var retained = 0
        let lookups = files.indices.map { index in
            let examination = examined[index]
            let lookup = apply(examination)
            if let kept = lookup.entry {
                retained += 1
                // A fresh entry is the stored one; comparing would compare its facts byte by byte.
                if examination.finding != .fresh && !kept.hasSameStatus(as: examination.previous) {
                    entries[lookup.key] = kept
                }
            } else if let previous = examination.previous {
                displacedFacts[lookup.key] = previous.encodedFacts
                entries[lookup.key] = nil
            }
            return lookup
        }
        // Usually every entry was looked up; otherwise drop those of files that are no longer in the target
        // (a file listed twice also ends up here, harmlessly).
        if retained != entries.count {
            let listed = Set(lookups.lazy.filter { $0.entry != nil }.map(\.key))
            let count = entries.count
            entries = entries.filter { listed.contains($0.key) }
            droppedEntries += count - entries.count
            hasChanges = true
        }
        return lookups
    }

    mutating func lookUp(path: String, key: String, entry: CacheEntry?, now: Int64) -> FileLookup {
        apply(Self.examine(path: path, key: key, entry: entry, now: now))
    }

    /// What one file's stat (and, unless it is fresh, its content) says, before the cache is updated.
    struct Examination {
        enum Finding {
            case fresh
            case sameContent
            case changed
            case unreadable
        }

        var lookup: FileLookup
        var previous: CacheEntry?
        var finding: Finding
    }

    /// Pure: stats the file, and reads and hashes it unless the entry is fresh (the fast path).
    static func examine(path: String, key: String, entry: CacheEntry?, now: Int64) -> Examination {
        let content: ReadSource
        do {
            if let entry, entry.isFresh(comparedWith: try FileStatus.of(path: path)) {
                let lookup = FileLookup(path: path, key: key, outcome: .cached(entry.encodedFacts), entry: entry)
                return Examination(lookup: lookup, previous: entry, finding: .fresh)
            }
            content = try ReadSource(path: path)
        } catch {
            let lookup = FileLookup(path: path, key: key, outcome: .unreadable(error), entry: nil)
            return Examination(lookup: lookup, previous: entry, finding: .unreadable)
        }
        let racy = content.status.modificationTime > now - racyInterval
        guard let entry, entry.status.size == content.status.size, entry.contentHash == content.hash else {
            let pending = PendingEntry(status: content.status, contentHash: content.hash, needsVerification: racy)
            let lookup = FileLookup(path: path, key: key, outcome: .needsScan(content.bytes, pending), entry: nil)
            return Examination(lookup: lookup, previous: entry, finding: .changed)
        }
        let refreshed = CacheEntry(
            status: content.status, contentHash: content.hash, needsVerification: racy,
            encodedFacts: entry.encodedFacts)
        let lookup = FileLookup(path: path, key: key, outcome: .cached(refreshed.encodedFacts), entry: refreshed)
        return Examination(lookup: lookup, previous: entry, finding: .sameContent)
    }

    /// Counts an examination and notes whether the cache changed.
    private mutating func apply(_ examination: Examination) -> FileLookup {
        switch examination.finding {
        case .fresh:
            statistics.fromCache += 1
        case .sameContent:
            statistics.hashed += 1
            statistics.fromCache += 1
            if examination.lookup.entry?.hasSameStatus(as: examination.previous) != true { hasChanges = true }
        case .changed:
            statistics.hashed += 1
            hasChanges = true
            if examination.previous == nil { newFiles += 1 }
        case .unreadable:
            break
        }
        return examination.lookup
    }

    /// Decodes the facts of a cached file. Throws `BinaryCodingError` if the stored bytes are damaged;
    /// rescan the file then (`resolveFacts` does).
    public func facts(of encodedFacts: ArraySlice<UInt8>) throws(BinaryCodingError) -> FileFacts {
        try FactsReader.read(encodedFacts)
    }

    /// Records freshly scanned facts for a file that `lookup` reported as `.needsScan`.
    public mutating func store(_ facts: FileFacts, for lookup: FileLookup) {
        guard case .needsScan(_, let pending) = lookup.outcome else { return }
        statistics.scanned += 1
        let encoded = FactsCodec.encode(facts)
        lazyFacts?.replaced.insert(lookup.key)
        entries[lookup.key] = CacheEntry(
            status: pending.status, contentHash: pending.contentHash, needsVerification: pending.needsVerification,
            encodedFacts: encoded[...])
        hasChanges = true
    }

    /// Writes the cache atomically if anything changed since it was loaded or last saved. A failure is
    /// returned as warning `O03` and leaves any previous cache file intact.
    public mutating func save(to path: String) -> Diagnostic? {
        guard hasChanges else { return nil }
        _ = loadFacts()
        do {
            try AtomicFileWriter.write(
                pieces: CacheFileFormat.encodedPieces(
                    CacheFileFormat.Contents(identity: identity, run: run, entries: entries)),
                to: path)
        } catch {
            return Diagnostic(.cannotWriteCache, path, error.reason)
        }
        hasChanges = false
        return nil
    }

    /// The bytes of the cache file.
    public func encoded() -> [UInt8] {
        var cache = self
        _ = cache.loadFacts()
        return CacheFileFormat.encode(
            CacheFileFormat.Contents(
                identity: cache.identity, run: cache.run, entries: cache.entries))
    }

    /// `clean`: deletes the cache file, then its directory if that is left empty. Returns whether a file
    /// was deleted; a missing file is not an error.
    @discardableResult
    public static func delete(at path: String) throws(FileSystemError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw FileSystemError(path: path, code: errno)
        }
        // Fails harmlessly (ENOTEMPTY) when other targets' caches or anything else remain.
        _ = rmdir(DisplayPath.directory(of: path))
        return true
    }

    /// Records the run's inputs digest and payload for the next run.
    public mutating func record(_ run: RunRecord) {
        if run != self.run { hasChanges = true }
        self.run = run
    }
}

/// A file read during lookup: its status (taken before reading), bytes and hash.
private struct ReadSource {
    var status: FileStatus
    var bytes: [UInt8]
    var hash: UInt64

    init(path: String) throws(FileSystemError) {
        let file = try OpenFile(path: path)
        defer { file.close() }
        // Status before content: if the file changes in between, the stored status is the older one, and
        // the next run sees a different mtime (or a racy one) and hashes again.
        status = try file.status()
        guard !status.isDirectory else { throw FileSystemError(path: path, code: EISDIR) }
        bytes = try file.readAll(expectedSize: status.size)
        hash = Fingerprint.xxh3(bytes)
    }
}

/// Per-index results written by parallel workers, each index by exactly one of them, read after they finish.
final class ConcurrentSlots<Element>: @unchecked Sendable {
    // A raw buffer, not an array property: concurrent writes to distinct indices must not go through the
    // exclusivity checks of a class property.
    private let storage: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> Element {
        get {
            guard let element = storage[index] else { preconditionFailure("slot \(index) was never written") }
            return element
        }
        set { storage[index] = newValue }
    }
}

/// The facts blobs of a cache file whose head alone was read.
struct LazyFacts: Sendable {
    /// Keeps the file open, so that the blobs read later belong to the head already read even if another
    /// run renames a new cache over it meanwhile.
    final class Source: Sendable {
        let file: OpenFile

        init(file: OpenFile) { self.file = file }

        deinit { file.close() }
    }

    let source: Source
    let head: CacheFileFormat.Head
    let fileSize: Int
    /// Entries stored since the load, whose facts are newer than the file's.
    var replaced: Set<String> = []
}
