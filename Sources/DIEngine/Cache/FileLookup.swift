import Dispatch

/// The stat and hash of a file that must be scanned, kept until its facts are stored.
struct PendingEntry: Sendable, Equatable {
    var status: FileStatus
    var contentHash: UInt64
    var needsVerification: Bool
}

/// What the cache knows about one source file of the run.
struct FileLookup: Sendable {
    enum Outcome: Sendable {
        /// Unchanged: the stored facts, still encoded (`SourceCache.facts(of:)` decodes them).
        case cached(ArraySlice<UInt8>)
        /// New or changed: the bytes just read (scan them; the file is not read twice).
        case needsScan([UInt8], PendingEntry)
        /// The file could not be stat'd or read.
        case unreadable(FileSystemError)
    }

    /// Display path, as given to `lookup`.
    let path: String
    /// Absolute lexically normalised path, the cache key.
    let key: String
    /// The entry kept in the cache for a cached file.
    let entry: CacheEntry?
    /// The outcome, unless it is `.cached` with the entry's facts: a warm run makes one lookup per source (ten
    /// thousand on the bench project) and almost all are, so the rare others are kept out of line, which
    /// makes a lookup 120 bytes instead of 176 (some 140 fresh pages fewer per 10,000 files).
    private let uncached: Uncached?

    /// `outcome` `.cached` must hold `entry`'s facts (every caller passes `entry.encodedFacts`).
    init(path: String, key: String, outcome: Outcome, entry: CacheEntry?) {
        self.path = path
        self.key = key
        self.entry = entry
        if case .cached(let facts) = outcome, let entry {
            assert(facts.startIndex == entry.encodedFacts.startIndex && facts.count == entry.encodedFacts.count)
            uncached = nil
        } else {
            uncached = Uncached(outcome: outcome)
        }
    }

    var outcome: Outcome {
        if let uncached { return uncached.outcome }
        return .cached(entry!.encodedFacts)
    }

    /// xxh3-64 of the content; nil when unreadable.
    var contentHash: UInt64? {
        switch outcome {
        case .cached: entry?.contentHash
        case .needsScan(_, let pending): pending.contentHash
        case .unreadable: nil
        }
    }

    /// `I01` for an unreadable file.
    var diagnostic: Diagnostic? {
        guard case .unreadable(let error) = outcome else { return nil }
        return Diagnostic(.cannotRead, path, error.reason)
    }
}

/// A lookup's outcome other than `.cached` with its entry's facts.
private final class Uncached: Sendable {
    let outcome: FileLookup.Outcome

    init(outcome: FileLookup.Outcome) { self.outcome = outcome }
}

extension SourceCache {
    /// The facts of every looked-up file, in order (nil for unreadable ones): decoded from the cache, or
    /// produced by `scan(path, bytes)` and stored. Decoding and scanning run in parallel; `scan` must be a
    /// pure function of its arguments. A cached entry that no longer decodes is read and scanned again.
    ///
    /// Unless `detailNeeded` (other facts of the run may register or depend), cached files are decoded
    /// without their DI detail when no file of the run has a DI fact (`FileFacts.mayRegisterOrDepend`):
    /// the link stage then looks at nothing but the interface.
    mutating func resolveFacts(
        _ lookups: [FileLookup], detailNeeded: Bool = true,
        scan: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) -> FileFacts
    ) -> [FileFacts?] {
        let interfaceOnly =
            !detailNeeded
            && lookups.allSatisfy { lookup in
                guard case .cached(let encoded) = lookup.outcome else { return true }
                return (try? FactsReader.mayRegisterOrDepend(encoded)) == false
            }
        let facts = resolveFacts(lookups, interfaceOnly: interfaceOnly, scan: scan)
        guard interfaceOnly, facts.contains(where: { $0?.mayRegisterOrDepend == true }) else { return facts }
        // A file scanned just now has DI facts: every file's detail is needed after all.
        return zip(lookups, facts).map { lookup, facts in
            guard case .cached(let encoded) = lookup.outcome else { return facts }
            return (try? FactsReader.read(encoded)) ?? facts
        }
    }

    private mutating func resolveFacts(
        _ lookups: [FileLookup], interfaceOnly: Bool,
        scan: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) -> FileFacts
    ) -> [FileFacts?] {
        let slots = ResolutionSlots(count: lookups.count)
        DispatchQueue.concurrentPerform(iterations: lookups.count) { index in
            let lookup = lookups[index]
            switch lookup.outcome {
            case .cached(let encoded):
                let facts = interfaceOnly ? try? FactsReader.readInterface(encoded) : try? FactsReader.read(encoded)
                slots[index] = facts.map { .decoded($0) } ?? .undecodable
            case .needsScan(let bytes, _): slots[index] = .scanned(scan(lookup.path, bytes))
            case .unreadable: slots[index] = .unreadable
            }
        }
        return lookups.indices.map { index in
            switch slots[index] {
            case .decoded(let facts): return facts
            case .scanned(let facts):
                store(facts, for: lookups[index])
                return facts
            case .undecodable:
                statistics.fromCache -= 1
                return rescan(lookups[index], scan: scan)
            case .unreadable: return nil
            }
        }
    }

    private mutating func rescan(
        _ lookup: FileLookup, scan: (_ path: String, _ bytes: [UInt8]) -> FileFacts
    ) -> FileFacts? {
        setEntry(nil, forKey: lookup.key)
        hasChanges = true
        let fresh = lookUp(path: lookup.path, key: lookup.key, entry: nil, now: currentTimeNanoseconds())
        guard case .needsScan(let bytes, _) = fresh.outcome else { return nil }
        let facts = scan(lookup.path, bytes)
        store(facts, for: fresh)
        return facts
    }

}

/// Per-file results written by parallel workers, each index by exactly one of them.
private final class ResolutionSlots: @unchecked Sendable {
    enum Resolution {
        case decoded(FileFacts)
        case scanned(FileFacts)
        case undecodable
        case unreadable
    }

    private let storage: UnsafeMutableBufferPointer<Resolution>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: .unreadable)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> Resolution {
        get { storage[index] }
        set { storage[index] = newValue }
    }
}
