/// The stat and hash of a file that must be scanned, kept until its facts are stored.
public struct PendingEntry: Sendable, Equatable {
    public var status: FileStatus
    public var contentHash: UInt64
    public var needsVerification: Bool
}

/// What the cache knows about one source file of the run.
public struct FileLookup: Sendable {
    public enum Outcome: Sendable {
        /// Unchanged: the stored facts, still encoded (`SourceCache.facts(of:)` decodes them).
        case cached(ArraySlice<UInt8>)
        /// New or changed: the bytes just read (scan them; the file is not read twice).
        case needsScan([UInt8], PendingEntry)
        /// The file could not be stat'd or read.
        case unreadable(FileSystemError)
    }

    /// Display path, as given to `lookup`.
    public let path: String
    /// Absolute lexically normalised path, the cache key.
    public let key: String
    public let outcome: Outcome
    /// The entry kept in the cache for a cached file.
    let entry: CacheEntry?

    /// xxh3-64 of the content; nil when unreadable.
    public var contentHash: UInt64? {
        switch outcome {
        case .cached: entry?.contentHash
        case .needsScan(_, let pending): pending.contentHash
        case .unreadable: nil
        }
    }

    /// `I01` for an unreadable file.
    public var diagnostic: Diagnostic? {
        guard case .unreadable(let error) = outcome else { return nil }
        return .error("I01", "cannot read '\(path)': \(error.reason)")
    }
}

extension SourceCache {
    /// The facts of every looked-up file, in order (nil for unreadable ones): decoded from the cache, or
    /// produced by `scan(path, bytes)` and stored. A cached entry that no longer decodes is read and scanned.
    public mutating func resolveFacts(
        _ lookups: [FileLookup], scan: (_ path: String, _ bytes: [UInt8]) throws -> FileFacts
    ) rethrows -> [FileFacts?] {
        var results: [FileFacts?] = []
        results.reserveCapacity(lookups.count)
        for lookup in lookups {
            switch lookup.outcome {
            case .cached(let encoded):
                if let facts = try? facts(of: encoded) {
                    results.append(facts)
                } else {
                    statistics.fromCache -= 1
                    results.append(try rescan(lookup, scan: scan))
                }
            case .needsScan(let bytes, _):
                let facts = try scan(lookup.path, bytes)
                store(facts, for: lookup)
                results.append(facts)
            case .unreadable:
                results.append(nil)
            }
        }
        return results
    }

    private mutating func rescan(
        _ lookup: FileLookup, scan: (_ path: String, _ bytes: [UInt8]) throws -> FileFacts
    ) rethrows -> FileFacts? {
        entries[lookup.key] = nil
        hasChanges = true
        let fresh = lookUp(path: lookup.path, key: lookup.key, entry: nil, now: currentTimeNanoseconds())
        guard case .needsScan(let bytes, _) = fresh.outcome else { return nil }
        let facts = try scan(lookup.path, bytes)
        store(facts, for: fresh)
        return facts
    }

    /// Digest of the source part of a run's inputs: every file's key and content hash, in order. Nil when a
    /// file was unreadable. Facts are a function of the content and the cache identity, so an equal digest
    /// (and identity) means equal facts.
    public static func sourcesDigest(_ lookups: [FileLookup]) -> UInt64? {
        var hasher = XXH3Hasher()
        hasher.update(UInt64(lookups.count))
        for lookup in lookups {
            guard let hash = lookup.contentHash else { return nil }
            hasher.update(lookup.key)
            hasher.update(hash)
        }
        return hasher.finalize()
    }
}
