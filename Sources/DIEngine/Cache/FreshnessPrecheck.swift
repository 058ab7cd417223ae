/// The walk's candidate sources looked up in the loaded cache on the thread that loaded it, while the
/// walk goes on (`WalkFeed`): only the fast path, a stat that proves a file unchanged, which needs no
/// disk access. `SourceCache.lookup` then takes these lookups as they are and examines only the rest, if
/// the inventory's sources are the candidates in the same order.
struct FreshnessPrecheck: Sendable {
    /// The candidates checked, in feed order.
    private(set) var files: [String] = []
    private var checked = PrecheckedLookups()

    /// Checks the candidates of `feed` against `cache` until the feed is finished.
    static func run(_ feed: WalkFeed, against cache: SourceCache, workingDirectory: String) -> FreshnessPrecheck {
        let base = AbsolutePath.Base(workingDirectory)
        var precheck = FreshnessPrecheck()
        while let batch = feed.next() {
            for index in batch.files.indices {
                let file = batch.files[index]
                let key = base.absolute(file)
                if let lookup = cache.freshLookup(path: file, key: key, status: batch.statuses[index]) {
                    precheck.checked.lookups.append(lookup)
                    precheck.checked.isFresh.append(true)
                } else {
                    precheck.checked.lookups.append(PrecheckedLookups.placeholder(path: file, key: key))
                    precheck.checked.isFresh.append(false)
                }
            }
            precheck.files += batch.files
        }
        return precheck
    }

    /// The prechecked lookups, moved out, if `sources` are the files checked (in the same order).
    mutating func take(for sources: [String]) -> PrecheckedLookups? {
        guard sources == files else { return nil }
        defer { checked = PrecheckedLookups() }
        return checked
    }
}

/// One lookup per source, in order, of which those marked fresh are final; `SourceCache.lookup` replaces the
/// others in place, so that a no-op build builds no second array of ten thousand lookups.
struct PrecheckedLookups: Sendable {
    var lookups: [FileLookup] = []
    var isFresh: [Bool] = []

    var freshCount: Int { isFresh.count { $0 } }

    /// Stands for a file that `SourceCache.lookup` must examine.
    static func placeholder(path: String, key: String) -> FileLookup {
        FileLookup(path: path, key: key, outcome: .unreadable(FileSystemError(path: path, reason: "")), entry: nil)
    }
}
