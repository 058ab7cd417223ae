/// The walk's candidate sources looked up in the loaded cache on the thread that loaded it, while the
/// walk goes on (`WalkFeed`): only the fast path, a stat that proves a file unchanged, which needs no
/// disk access. `SourceCache.lookup` then takes these lookups as they are and examines only the rest, if
/// the inventory's sources are the candidates in the same order.
struct FreshnessPrecheck: Sendable {
    /// One lookup per candidate checked, in feed order: their paths are the candidates.
    private var checked = PrecheckedLookups()

    /// Checks the candidates of `feed` against `cache` until the feed is finished. The first few files that
    /// are not fresh are examined here too (read and hashed, as the lookup would), and the first few of
    /// those whose content changed are given to `prescan`, so that an edit of a file or two is read and
    /// scanned while the walk goes on; any more are left to the lookup and the scan, which use every core.
    static func run(
        _ feed: WalkFeed, against cache: SourceCache, workingDirectory: String,
        prescan: ((_ path: String, _ bytes: [UInt8]) -> PrescannedFile)? = nil
    ) -> FreshnessPrecheck {
        let base = AbsolutePath.Base(workingDirectory)
        var stored = StoredKeyCursor(table: cache.entries, directory: workingDirectory)
        var precheck = FreshnessPrecheck()
        // Usually the files the cache holds: room for them at once, where doubling would copy the lookups
        // several times into fresh pages (some 500 page faults more for 10,000 files).
        precheck.reserveCapacity(cache.entries.count)
        while let batch = feed.next() {
            for index in batch.files.indices {
                let file = batch.files[index]
                let status = batch.statuses[index]
                let key: String
                if let position = stored?.position(for: file) {
                    if let fresh = cache.freshLookup(path: file, at: position, status: status) {
                        precheck.checked.appendFresh(fresh)
                        continue
                    }
                    key = cache.entries.key(at: position)
                } else {
                    key = base.absolute(file)
                    if let fresh = cache.freshLookup(path: file, key: key, status: status) {
                        precheck.checked.appendFresh(fresh)
                        continue
                    }
                }
                let position = precheck.checked.lookups.count
                precheck.checked.lookups.append(PrecheckedLookups.placeholder(path: file, key: key))
                precheck.checked.isFresh.append(false)
                precheck.examine(file, key: key, at: position, in: cache, status: status, prescan)
            }
            feed.recycle(consume batch)
        }
        return precheck
    }

    private mutating func reserveCapacity(_ count: Int) {
        checked.lookups.reserveCapacity(count)
        checked.isFresh.reserveCapacity(count)
    }

    /// At most this many files are examined (and this many scanned) beside the walk.
    static let earlyExaminationLimit = 8
    static let prescanLimit = 4

    private mutating func examine(
        _ file: String, key: String, at position: Int, in cache: SourceCache, status: FileStatus?,
        _ prescan: ((_ path: String, _ bytes: [UInt8]) -> PrescannedFile)?
    ) {
        guard checked.examinations.count < Self.earlyExaminationLimit else { return }
        // The moment of the read, as the lookup would take it: never later than the read itself.
        let examination = SourceCache.examine(
            path: file, key: key, entry: cache.entries[key], now: currentTimeNanoseconds(), status: status)
        checked.examinations[position] = examination
        guard let prescan, checked.prescanned.count < Self.prescanLimit,
            case .needsScan(let bytes, let pending) = examination.lookup.outcome
        else { return }
        var scanned = prescan(file, bytes)
        scanned.contentHash = pending.contentHash
        checked.prescanned[position] = scanned
    }

    /// The prechecked lookups, moved out, if `sources` are the files checked (in the same order).
    mutating func take(for sources: [String]) -> PrecheckedLookups? {
        guard sources.count == checked.lookups.count,
            sources.indices.allSatisfy({ sources[$0] == checked.lookups[$0].path })
        else { return nil }
        defer { checked = PrecheckedLookups() }
        return checked
    }
}

/// One lookup per source, in order, of which those marked fresh are final; `SourceCache.lookup` replaces the
/// others in place, so that a no-op build builds no second array of ten thousand lookups.
struct PrecheckedLookups: Sendable {
    var lookups: [FileLookup] = []
    var isFresh: [Bool] = []
    /// The examinations of files that are not fresh, by position, for those examined already.
    var examinations: [Int: SourceCache.Examination] = [:]
    /// The facts of files whose content changed, by position, for those scanned already.
    var prescanned: [Int: PrescannedFile] = [:]

    var freshCount: Int { isFresh.count { $0 } }

    /// Takes a fresh lookup as it is: moved, not copied (a retain and a release of each of its references).
    mutating func appendFresh(_ lookup: consuming FileLookup) {
        lookups.append(lookup)
        isFresh.append(true)
    }

    /// Stands for a file that `SourceCache.lookup` must examine.
    static func placeholder(path: String, key: String) -> FileLookup {
        FileLookup(path: path, key: key, outcome: .unreadable(FileSystemError(path: path, reason: "")), entry: nil)
    }
}

/// A changed file scanned beside the walk: its facts, their encoding for the cache, and the hash of the
/// content they were taken from (the scan stage uses them only for that content).
struct PrescannedFile: Sendable {
    var facts: FileFacts
    var encoded: [UInt8]
    var contentHash: UInt64 = 0
}
