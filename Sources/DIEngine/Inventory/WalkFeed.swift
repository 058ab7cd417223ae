/// The candidate sources of a walk, handed over directory by directory to another thread while the walk
/// goes on: the thread that loads the cache checks them against it meanwhile, so that the lookup after
/// the inventory has almost nothing left to do (`FreshnessPrecheck`).
///
/// The candidates come in the order the walk found them, which is the inventory's order whenever
/// nothing is deduplicated, left out or re-sorted afterwards; a consumer compares the two lists before
/// using what it derived. The producer must call `finish()` (once or more), even when the walk fails,
/// or a consumer waits forever.
final class WalkFeed: @unchecked Sendable {
    struct Batch {
        var files: [String]
        var statuses: [FileStatus?]
    }

    private let lock = ConditionLock()
    // Guarded by `lock`: the candidates not taken yet.
    private var files: [String] = []
    private var statuses: [FileStatus?] = []
    private var finished = false
    private var expected: Int?
    /// Candidates taken by the consumer so far.
    private var taken = 0
    /// A batch the consumer is done with, emptied, whose storage the next candidates fill: a new batch
    /// each time would be fresh memory for the walk's thread, since the consumer's thread frees it.
    private var spare: Batch?

    /// Adds the candidates of one directory (or one file), in walk order.
    func append(files newFiles: some Collection<String>, statuses newStatuses: some Collection<FileStatus?>) {
        guard !newFiles.isEmpty else { return }
        lock.withLock {
            if files.capacity == 0, let spare = spare.take() {
                files = spare.files
                statuses = spare.statuses
            }
            let needed = files.count + newFiles.count
            // The consumer is behind (it is still loading the cache): room at once for every candidate still
            // expected, instead of doubling the backlog into fresh pages; pages not filled are never touched.
            if needed > files.capacity, let expected, expected - taken > needed {
                files.reserveCapacity(expected - taken)
                statuses.reserveCapacity(expected - taken)
            }
            files.append(contentsOf: newFiles)
            statuses.append(contentsOf: newStatuses)
        }
        lock.signal()
    }

    /// Says how many candidates the walk will probably find: the files of the cache's stat table, as soon as
    /// the loading thread has read its count. Only a hint for the room to make, which is why a count beyond
    /// any real project is taken as that limit.
    func expect(_ count: Int) {
        lock.withLock { expected = min(max(count, 0), Self.expectedCountLimit) }
    }

    static let expectedCountLimit = 1 << 20

    /// What `expect` said, if it was called yet.
    var expectedCount: Int? { lock.withLock { expected } }

    /// No more candidates will come.
    func finish() {
        lock.withLock { finished = true }
        lock.broadcast()
    }

    /// The candidates fed since the last call, waiting until there are some; nil once the feed is
    /// finished and every candidate was taken. The batch moves out of the feed: the walk never copies
    /// what the consumer holds.
    func next() -> Batch? {
        lock.lock()
        defer { lock.unlock() }
        while files.isEmpty && !finished { lock.wait() }
        guard !files.isEmpty else { return nil }
        let batch = Batch(files: files, statuses: statuses)
        taken += files.count
        files = []
        statuses = []
        return batch
    }

    /// Hands back a batch taken with `next()` once it is no longer needed, for its storage to be reused.
    func recycle(_ batch: consuming Batch) {
        var emptied = batch
        emptied.files.removeAll(keepingCapacity: true)
        emptied.statuses.removeAll(keepingCapacity: true)
        lock.withLock { spare = emptied }
    }
}
