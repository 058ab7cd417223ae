/// What a cache must have been written by to be usable (`docs/cache-format.md`). Any
/// difference makes the whole cache stale.
struct CacheIdentity: Sendable, Equatable {
    var toolVersion: String
    var schemaVersion: Int
    var runtimeModule: String
    /// The `--define` set, once there is one; sorted by the caller.
    var defines: [String]

    init(
        toolVersion: String, runtimeModule: String, schemaVersion: Int = FileFacts.schemaVersion,
        defines: [String] = []
    ) {
        self.toolVersion = toolVersion
        self.schemaVersion = schemaVersion
        self.runtimeModule = runtimeModule
        self.defines = defines
    }
}

/// The cached state of one source file, keyed by its absolute lexically normalised path.
///
/// The fields are declared in this order so that the flag follows the status's own flag: 80 bytes instead of 88,
/// in the stat table's dictionary and in every lookup.
struct CacheEntry: Sendable, Equatable {
    /// The file's `FileFacts` as `FactsCodec` encodes them; decoded only on demand. Empty while the facts
    /// of a lazily loaded cache have not been read (`SourceCache.loadFacts`).
    var encodedFacts: ArraySlice<UInt8>
    var contentHash: UInt64
    /// xxh3-64 of `encodedFacts`, kept in the stat table so that a run can tell whether a file's facts
    /// changed without reading any facts.
    var factsHash: UInt64
    /// Size, mtime and inode when the content was last read.
    var status: FileStatus
    /// Set when the mtime was racy (less than 2 s before the read), so the next run hashes the file.
    var needsVerification: Bool

    /// `factsHash` defaults to the hash of `encodedFacts`.
    init(
        status: FileStatus, contentHash: UInt64, needsVerification: Bool, encodedFacts: ArraySlice<UInt8>,
        factsHash: UInt64? = nil
    ) {
        self.status = status
        self.contentHash = contentHash
        self.needsVerification = needsVerification
        self.encodedFacts = encodedFacts
        self.factsHash = factsHash ?? Fingerprint.xxh3(encodedFacts)
    }

    /// Whether `other` has the same stat fields, hash and flag; the facts are not compared (after a hash
    /// match they are the same blob).
    func hasSameStatus(as other: CacheEntry?) -> Bool {
        guard let other else { return false }
        return status == other.status && contentHash == other.contentHash
            && needsVerification == other.needsVerification
    }

    /// Whether a fresh `stat` proves the content unchanged without reading it (the fast path).
    func isFresh(comparedWith current: FileStatus) -> Bool {
        !needsVerification && status.size == current.size && status.modificationTime == current.modificationTime
            && status.inode == current.inode
    }
}

/// What the previous successful run produced from which inputs, so that a run whose inputs digest is
/// unchanged can skip decoding facts, linking and generation. The payload is opaque to the cache.
struct RunRecord: Sendable, Equatable {
    var inputsDigest: UInt64
    var payload: [UInt8] = []
}

/// Counters for `-v`: `N files: C from cache, H hashed, S scanned`.
struct CacheStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Files looked up (each is stat'd once).
    var files = 0
    /// Files whose facts came from the cache, on the fast or the slow path.
    var fromCache = 0
    /// Files whose content was read and hashed (every file not taken on the fast path).
    var hashed = 0
    /// Files whose facts were produced by the scanner and stored.
    var scanned = 0

    init() {}

    var description: String { "\(files) files: \(fromCache) from cache, \(hashed) hashed, \(scanned) scanned" }
}
