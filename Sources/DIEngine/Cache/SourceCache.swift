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
struct SourceCache: Sendable {
    /// Entries whose mtime is less than this before the lookup are marked for verification.
    static let racyInterval: Int64 = 2_000_000_000

    let identity: CacheIdentity
    /// Keyed by absolute lexically normalised path.
    private(set) var entries = StatTable()
    /// The previous run's record, as loaded or last set.
    var run: RunRecord?
    /// Whether `save` has something to write.
    var hasChanges = false
    var statistics = CacheStatistics()
    /// The stored facts of the entries that `lookup` dropped because their file changed or cannot be read
    /// (empty slices until `loadFacts` for a lazily loaded cache), so that a run can tell which files'
    /// facts changed.
    var displacedFacts: [String: ArraySlice<UInt8>] = [:]
    /// Entries `lookup` dropped because their file is no longer a source of the target.
    var droppedEntries = 0
    /// Files `lookup` found without an entry.
    var newFiles = 0
    /// The stored facts hashes of the entries that `lookup` dropped (like `displacedFacts`, but known
    /// without reading any facts).
    var displacedFactsHashes: [String: UInt64] = [:]
    /// The facts blobs not read yet (`load(from:identity:lazyFacts:)`).
    var lazyFacts: LazyFacts?
    /// The file this cache was loaded from, while `save` may append to it.
    var journalTarget: JournalTarget?
    /// The entry (nil: none) that each path set or removed by `setEntry` since the load or the last append
    /// had then: what the journal records are made from, without keeping a copy of every entry.
    private var entriesBeforeChange: [String: CacheEntry?] = [:]

    init(identity: CacheIdentity) {
        self.identity = identity
    }

    /// The largest cache file read (some ten times that of a 100,000-file project); a larger one, like one
    /// that is not a regular file, is ignored and replaced.
    static let fileSizeLimit: UInt64 = 256 << 20

    /// The cache stored at `path`, or an empty one plus a `-v` note saying why the file was not used
    /// (no note when the file does not exist yet). With `lazyFacts`, only the head (identity, run record,
    /// stat table) and the journal are read and checked; `loadFacts()` reads the facts blobs when they are
    /// needed. A journal that ends in a torn or corrupt record is used up to that record (with a note).
    /// `entryCount` is told the stat table's entry count as soon as it is read (`WalkFeed.expect`).
    static func load(
        from path: String, identity: CacheIdentity, lazyFacts: Bool = false, entryCount: ((Int) -> Void)? = nil,
        headReading: HeadReading = .mapped
    ) -> (cache: SourceCache, note: String?) {
        var cache = SourceCache(identity: identity)
        let rejection: CacheFileFormat.Rejection
        do throws(FileSystemError) {
            let file = try OpenFile(path: path, sizeLimit: fileSizeLimit)
            let source = LazyFacts.Source(file: file)
            let stamp = try file.stamp()
            switch try readHead(
                of: file, size: stamp.size, expecting: identity, entryCount: entryCount, headReading: headReading)
            {
            case .success(var head):
                let journal = try file.read(count: stamp.size - head.journalStart, at: head.journalStart)
                var state = CacheJournal.State(entries: head.contents.entries, run: head.contents.run)
                // From here on the state owns the entries (`loadFacts` needs only the head's blob list): a
                // journal record then changes them in place instead of copying every entry first.
                head.contents.entries = StatTable()
                let valid = CacheJournal.replay(journal[...], onto: &state)
                cache.entries = state.entries
                cache.run = state.run
                cache.lazyFacts = LazyFacts(source: source, head: head, replaced: state.inlineFacts)
                var note: String?
                if valid == journal.count {
                    cache.journalTarget = JournalTarget(
                        path: path, device: stamp.device, inode: stamp.inode, size: stamp.size,
                        journalStart: head.journalStart, run: state.run)
                } else {
                    // Appending after the bad record would leave the new records unreachable: rewrite.
                    cache.hasChanges = true
                    note =
                        "ignoring the last \(journal.count - valid) bytes of cache '\(path)': "
                        + "a torn or corrupt journal record"
                }
                if !lazyFacts, cache.loadFacts() != nil {
                    var empty = SourceCache(identity: identity)
                    empty.hasChanges = true
                    return (empty, "ignoring cache '\(path)': \(CacheFileFormat.Rejection.checksum.reason)")
                }
                return (cache, note)
            case .failure(let failure): rejection = failure
            }
        } catch {
            if error.code == ENOENT { return (cache, nil) }
            cache.hasChanges = true
            return (cache, "ignoring cache '\(path)': \(error.reason)")
        }
        cache.hasChanges = true
        return (cache, "ignoring cache '\(path)': \(rejection.reason)")
    }

    /// How the head is read: mapped, or read in chunks starting with `firstBytes` (what a file that cannot
    /// be mapped gets; tests choose it to cover that path, which a regular file on Linux never takes).
    enum HeadReading {
        case mapped
        case read(firstBytes: Int)

        /// Bytes read at once from the start of a cache file that cannot be mapped: the whole head of a
        /// project of a few thousand files, so that a no-op build reads it with one call.
        var firstRead: Int {
            guard case .read(let count) = self else { return 256 << 10 }
            return count
        }
    }

    /// Reads and checks the head of `file` (`size` bytes long), including that the facts section fits. The
    /// file is mapped, not read: the head's pages are then the page cache's, a fault maps several at once,
    /// and nothing is copied into fresh pages (0.9 MB for 10,000 files: ~1.2 ms of the loading thread's
    /// CPU). Only the head is touched, which no writer ever truncates (a failed journal append is cut back
    /// to the length its writer read, after the head), and the decoded head copies what it keeps.
    private static func readHead(
        of file: OpenFile, size: Int, expecting identity: CacheIdentity, entryCount: ((Int) -> Void)?,
        headReading: HeadReading
    ) throws(FileSystemError) -> Result<CacheFileFormat.Head, CacheFileFormat.Rejection> {
        if case .mapped = headReading, size >= CacheFileFormat.prefixSize,
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        {
            defer { munmap(address, size) }
            let mapped = UnsafeRawBufferPointer(start: address, count: size)
            return decodeHead(mapped, size: size, expecting: identity, entryCount: entryCount) ?? .failure(.checksum)
        }
        var bytes = try file.read(count: min(size, max(headReading.firstRead, CacheFileFormat.prefixSize)), at: 0)
        for _ in 0..<2 {
            let head = bytes.withUnsafeBytes { buffer in
                decodeHead(buffer, size: size, expecting: identity, entryCount: entryCount)
            }
            if let head { return head }
            // The head is longer than the bytes read: read it again whole, into one array.
            let length = bytes.withUnsafeBytes { buffer in
                try? CacheFileFormat.headLength(
                    UnsafeRawBufferPointer(rebasing: buffer.prefix(CacheFileFormat.prefixSize)), fileSize: size)
            }
            guard let length, length > bytes.count else { break }
            bytes = try file.read(count: length, at: 0)
        }
        return .failure(.checksum)
    }

    /// The head decoded from `buffer`, the start of a file of `size` bytes; nil if the buffer ends before
    /// the head does.
    private static func decodeHead(
        _ buffer: UnsafeRawBufferPointer, size: Int, expecting identity: CacheIdentity,
        entryCount: ((Int) -> Void)?
    ) -> Result<CacheFileFormat.Head, CacheFileFormat.Rejection>? {
        let length: Int
        do throws(CacheFileFormat.Rejection) {
            length = try CacheFileFormat.headLength(
                UnsafeRawBufferPointer(rebasing: buffer.prefix(CacheFileFormat.prefixSize)), fileSize: size)
        } catch {
            return .failure(error)
        }
        guard length <= buffer.count else { return nil }
        return Result { () throws(CacheFileFormat.Rejection) in
            let head = try CacheFileFormat.decodeHead(
                UnsafeRawBufferPointer(rebasing: buffer.prefix(length)), expecting: identity, entryCount: entryCount)
            guard head.journalStart <= size else { throw .checksum }
            return head
        }
    }

    /// Reads the facts blobs that a lazy `load` left out. On failure (the file was damaged after its head)
    /// every entry is dropped, so that every file is read and scanned again, and the returned note says why.
    mutating func loadFacts() -> String? {
        var lookups: [FileLookup] = []
        return loadFacts(refreshing: &lookups)
    }

    /// `loadFacts()`, then, if it succeeded, `lookups` refreshed as `refreshed(_:)` does
    /// (`refreshed(_:along:in:)`).
    mutating func loadFacts(refreshing lookups: inout [FileLookup]) -> String? {
        guard let lazy = lazyFacts else { return nil }
        lazyFacts = nil
        let range = lazy.head.blobsRange
        var section: ArraySlice<UInt8>?
        do throws(FileSystemError) {
            let bytes = try lazy.source.file.read(count: range.count + 8, at: range.lowerBound)
            if bytes.count == range.count + 8 {
                section = lazy.head.checkedSection(
                    bytes.dropLast(8), checksum: CacheFileFormat.readChecksum(bytes.suffix(8)))
            }
        } catch {
            section = nil
        }
        guard let section else {
            entries = StatTable()
            displacedFacts = [:]
            displacedFactsHashes = [:]
            newFiles = 0
            droppedEntries = 0
            hasChanges = true
            journalTarget = nil
            return "ignoring the facts in cache '\(lazy.source.file.path)': corrupt or truncated (checksum mismatch)"
        }
        // One hash per path: the few entries whose facts are not the section's (journal records, stores since
        // the load) are set aside and put back, and the few displaced paths are compared, not looked up.
        let kept = lazy.replaced.compactMap { path in entries[path].map { (path, $0.encodedFacts) } }
        let displaced = displacedFacts.count <= 8 ? Array(displacedFacts.keys) : nil
        for (position, blob) in lazy.head.blobs.enumerated() {
            let path = blob.path
            let facts = section[(section.startIndex + blob.start)..<(section.startIndex + blob.end)]
            entries.setFacts(facts, at: position, ofKey: path)
            guard displaced?.contains(path) ?? (displacedFacts[path] != nil), !lazy.replaced.contains(path) else {
                continue
            }
            displacedFacts[path] = facts
        }
        for (path, facts) in kept { entries[path]?.encodedFacts = facts }
        if !lookups.isEmpty { lookups = refreshed(lookups, along: lazy.head.blobs, in: section) }
        return nil
    }

    /// The lookups with the facts blobs of cached files as they are now (after `loadFacts`).
    func refreshed(_ lookups: [FileLookup]) -> [FileLookup] {
        lookups.map { lookup in
            guard case .cached = lookup.outcome, let entry = entries[lookup.key] else { return lookup }
            return FileLookup(path: lookup.path, key: lookup.key, outcome: .cached(entry.encodedFacts), entry: entry)
        }
    }

    /// Looks up every file of the run, in order. `files` are display paths, resolved against
    /// `workingDirectory` (default: the current directory); entries of files not listed are dropped.
    /// `now` (ns since the epoch) is the moment the run started reading, for the racy-timestamp rule.
    /// The files are stat'd (and read where needed) on every core; the cache is updated afterwards.
    /// `statuses`, when given, are the files' stats as the inventory's walk took them (nil where it took
    /// none): a file is then not stat'd again. `prechecked`, when given, holds one lookup per file
    /// (`FreshnessPrecheck`): those marked fresh are taken as they are, the others examined.
    mutating func lookup(
        _ files: [String], statuses: [FileStatus?]? = nil, prechecked: consuming PrecheckedLookups? = nil,
        workingDirectory: String? = nil, now: Int64 = currentTimeNanoseconds()
    ) -> [FileLookup] {
        statistics.files += files.count
        guard var checked = prechecked.take(), checked.lookups.count == files.count,
            checked.isFresh.count == files.count
        else {
            let examined = examineAll(files, statuses: statuses, workingDirectory: workingDirectory, now: now)
            var retained = 0
            let lookups = files.indices.map { settle(examined.take($0), retained: &retained) }
            dropUnlisted(lookups, retained: retained)
            return lookups
        }
        let pending = files.indices.filter { !checked.isFresh[$0] }
        let unexamined = pending.filter { checked.examinations[$0] == nil }
        let examined = examineAll(
            files, statuses: statuses, only: unexamined, workingDirectory: workingDirectory, now: now)
        statistics.fromCache += files.count - pending.count
        var retained = files.count - pending.count
        var slot = 0
        for index in pending {
            let examination: Examination
            if let early = checked.examinations.removeValue(forKey: index) {
                examination = early
            } else {
                examination = examined.take(slot)
                slot += 1
            }
            checked.lookups[index] = settle(examination, retained: &retained)
        }
        dropUnlisted(checked.lookups, retained: retained)
        return checked.lookups
    }

    /// Counts an examination and updates the cache from it; `retained` counts the files keeping an entry.
    private mutating func settle(_ examination: Examination, retained: inout Int) -> FileLookup {
        if examination.finding == .fresh {
            // The usual case, and the whole of a no-op build's lookup: nothing to update.
            statistics.fromCache += 1
            retained += 1
            return examination.lookup
        }
        let lookup = apply(examination)
        if let kept = lookup.entry {
            retained += 1
            if !kept.hasSameStatus(as: examination.previous) {
                setEntry(kept, forKey: lookup.key)
            }
        } else if let previous = examination.previous {
            displacedFacts[lookup.key] = previous.encodedFacts
            displacedFactsHashes[lookup.key] = previous.factsHash
            setEntry(nil, forKey: lookup.key)
        }
        return lookup
    }

    /// Usually every entry was looked up; otherwise drops those of files that are no longer in the target
    /// (a file listed twice also ends up here, harmlessly).
    private mutating func dropUnlisted(_ lookups: [FileLookup], retained: Int) {
        guard retained != entries.count else { return }
        let listed = Set(lookups.lazy.filter { $0.entry != nil }.map(\.key))
        let dropped = entries.keys.filter { !listed.contains($0) }
        for key in dropped { setEntry(nil, forKey: key) }
        droppedEntries += dropped.count
        hasChanges = true
    }

    /// `examine` of each file (of the files at `only`, if given), on every core when there are many; slot `n`
    /// holds the `n`th file examined. A scope of its own: the copy of the entries it reads must be released
    /// before they are changed, which would copy them.
    private func examineAll(
        _ files: [String], statuses: [FileStatus?]?, only indices: [Int]? = nil, workingDirectory: String?,
        now: Int64
    ) -> ConcurrentSlots<Examination> {
        let count = indices?.count ?? files.count
        let examined = ConcurrentSlots<Examination>(count: count)
        guard count > 0 else { return examined }
        let base = AbsolutePath.Base(workingDirectory ?? LocalDisk.currentDirectory())
        let known = entries
        let chunkCount = min(count, 64)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for slot in count * chunk / chunkCount..<count * (chunk + 1) / chunkCount {
                let index = indices?[slot] ?? slot
                let key = base.absolute(files[index])
                let status = statuses.flatMap { $0.count == files.count ? $0[index] : nil }
                examined[slot] = Self.examine(path: files[index], key: key, entry: known[key], now: now, status: status)
            }
        }
        return examined
    }

    /// The lookup of a cached file whose walked `status` proves it unchanged (`examine`'s fast path, which
    /// needs no disk access), else nil. It holds the entry's own key, so that `key` can be freed at once.
    func freshLookup(path: String, key: String, status: FileStatus?) -> FileLookup? {
        guard let status else { return nil }
        if let position = entries.position(of: key) { return freshLookup(path: path, at: position, status: status) }
        guard let entry = entries[key], entry.isFresh(comparedWith: status) else { return nil }
        return FileLookup(path: path, key: key, outcome: .cached(entry.encodedFacts), entry: entry)
    }

    /// `freshLookup(path:key:status:)` of the stored entry at `position` (`StatTable.position(of:)`).
    func freshLookup(path: String, at position: Int, status: FileStatus?) -> FileLookup? {
        guard let status, let entry = entries.entry(at: position), entry.isFresh(comparedWith: status) else {
            return nil
        }
        return FileLookup(
            path: path, key: entries.key(at: position), outcome: .cached(entry.encodedFacts), entry: entry)
    }

    mutating func lookUp(path: String, key: String, entry: CacheEntry?, now: Int64) -> FileLookup {
        apply(Self.examine(path: path, key: key, entry: entry, now: now))
    }

    /// What one file's stat (and, unless it is fresh, its content) says, before the cache is updated.
    struct Examination: Sendable {
        enum Finding: Sendable {
            case fresh
            case sameContent
            case changed
            case unreadable
        }

        var lookup: FileLookup
        var previous: CacheEntry?
        var finding: Finding
    }

    /// Pure: stats the file (unless `status` was taken already), and reads and hashes it unless the entry
    /// is fresh (the fast path).
    static func examine(path: String, key: String, entry: CacheEntry?, now: Int64, status: FileStatus? = nil)
        -> Examination
    {
        let content: ReadSource
        do {
            if let entry, try entry.isFresh(comparedWith: status.orStat(path: path)) {
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
            encodedFacts: entry.encodedFacts, factsHash: entry.factsHash)
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
    func facts(of encodedFacts: ArraySlice<UInt8>) throws(BinaryCodingError) -> FileFacts {
        try FactsReader.read(encodedFacts)
    }

    /// Records freshly scanned facts for a file that `lookup` reported as `.needsScan`.
    mutating func store(_ facts: FileFacts, for lookup: FileLookup) {
        guard case .needsScan(_, let pending) = lookup.outcome else { return }
        statistics.scanned += 1
        let encoded = FactsCodec.encode(facts)
        lazyFacts?.replaced.insert(lookup.key)
        setEntry(
            CacheEntry(
                status: pending.status, contentHash: pending.contentHash, needsVerification: pending.needsVerification,
                encodedFacts: encoded[...]),
            forKey: lookup.key)
        hasChanges = true
    }

    /// Sets or removes an entry, noting what the path had before for the next journal append. Every change
    /// to `entries` comes through here, but for `loadFacts`: it attaches facts (status and facts hash stay
    /// the same), or drops every entry and gives up appending.
    mutating func setEntry(_ entry: CacheEntry?, forKey key: String) {
        let previous: CacheEntry?
        if let entry {
            previous = entries.updateValue(entry, forKey: key)
        } else {
            previous = entries.removeValue(forKey: key)
        }
        if entriesBeforeChange[key] == nil { entriesBeforeChange.updateValue(previous, forKey: key) }
    }

    /// Writes the cache if anything changed since it was loaded or last saved: as records appended to the
    /// file it was loaded from when that file is intact and its journal small (`CacheJournal`), else as a
    /// whole new file renamed over the old one (which also compacts the journal). A failure is returned as
    /// warning `O03` and leaves any previous cache file intact.
    mutating func save(to path: String) -> Diagnostic? {
        guard hasChanges else { return nil }
        if appendJournal(to: path) {
            hasChanges = false
            return nil
        }
        journalTarget = nil
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

    /// The journal records that turn the loaded file's state into this cache's, or nil when only a rewrite
    /// can (an entry whose new facts are not in memory).
    func journalRecords(since target: JournalTarget) -> [CacheJournal.Record]? {
        var records: [CacheJournal.Record] = []
        var changed: [String] = []
        var removed: [String] = []
        for (path, stored) in entriesBeforeChange {
            switch (entries[path], stored) {
            case (nil, nil): continue
            case (nil, .some): removed.append(path)
            case (.some, nil): changed.append(path)
            case (.some(let entry), .some(let stored)): if !Self.isUnchanged(entry, stored) { changed.append(path) }
            }
        }
        for path in ByteOrder.sorted(changed) {
            guard let entry = entries[path] else { continue }
            let inMemory = lazyFacts.map { $0.replaced.contains(path) } ?? true
            guard inMemory || entriesBeforeChange[path]??.factsHash == entry.factsHash else { return nil }
            records.append(.entry(path: path, entry: entry, inlineFacts: inMemory))
        }
        for path in ByteOrder.sorted(removed) { records.append(.removal(path: path)) }
        if run != target.run {
            if let run, let stored = target.run, run.payload == stored.payload {
                records.append(.runDigest(run.inputsDigest))
            } else if let run, let stored = target.run,
                let patch = RunPayloadPatch(from: stored.payload, to: run.payload, limit: run.payload.count / 4)
            {
                records.append(.runPatch(run.inputsDigest, patch))
            } else {
                records.append(.run(run))
            }
        }
        return records
    }

    private static func isUnchanged(_ entry: CacheEntry, _ stored: CacheEntry) -> Bool {
        stored.hasSameStatus(as: entry) && stored.factsHash == entry.factsHash
    }

    /// Appends the changes to the loaded file; false when a rewrite is needed instead.
    private mutating func appendJournal(to path: String) -> Bool {
        guard let target = journalTarget, target.path == path, let records = journalRecords(since: target) else {
            return false
        }
        let bytes = CacheJournal.encode(records)
        guard target.journalLength + bytes.count <= target.compactionThreshold else { return false }
        do throws(FileSystemError) {
            guard try CacheJournal.append(bytes, to: target) else { return false }
        } catch {
            return false
        }
        journalTarget?.size += bytes.count
        entriesBeforeChange = [:]
        journalTarget?.run = run
        return true
    }

    /// The bytes of the cache file.
    func encoded() -> [UInt8] {
        var cache = self
        _ = cache.loadFacts()
        return CacheFileFormat.encode(
            CacheFileFormat.Contents(
                identity: cache.identity, run: cache.run, entries: cache.entries))
    }

    /// `clean`: deletes the cache file, then its directory if that is left empty. Returns whether a file
    /// was deleted; a missing file is not an error.
    @discardableResult
    static func delete(at path: String) throws(FileSystemError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw FileSystemError(path: path, code: errno)
        }
        // Fails harmlessly (ENOTEMPTY) when other targets' caches or anything else remain.
        _ = rmdir(DisplayPath.directory(of: path))
        return true
    }

    /// Records the run's inputs digest and payload for the next run.
    mutating func record(_ run: RunRecord) {
        if run != self.run { hasChanges = true }
        self.run = run
    }
}

extension FileStatus? {
    /// The status already taken, else `stat(2)` of `path`.
    fileprivate func orStat(path: String) throws(FileSystemError) -> FileStatus {
        if let status = self { return status }
        return try FileStatus.of(path: path)
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

    /// Moves the element out, leaving the slot empty: no copy to retain and release.
    func take(_ index: Int) -> Element {
        guard let element = storage[index].take() else { preconditionFailure("slot \(index) was never written") }
        return element
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
    /// Entries whose facts are not those of the facts section: read from the journal, or stored since the
    /// load.
    var replaced: Set<String> = []
}
