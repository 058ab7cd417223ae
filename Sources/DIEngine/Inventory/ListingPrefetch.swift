/// Lists the directories below a walk's root on a second thread, ahead of the walk, so that the kernel's
/// work of a walk (`readdir`, and one `stat` per Swift file) runs on two cores. The walk itself stays
/// serial and asks for each directory when it reaches it: it takes the listing if the worker made it,
/// waits if the worker is making it, and otherwise lists the directory itself. Sources, diagnostics and
/// the directories recorded are therefore those of a serial walk, whatever the timing.
///
/// Whoever lists a directory queues the subdirectories the walk will enter (`descends`): at the front
/// when the walk listed it, at the back when the worker did. The worker takes them from the back, so
/// that it works at the far end of the tree from the walk and the two meet once.
final class ListingPrefetch: @unchecked Sendable {
    typealias Listing = [DirectoryEntry]?

    private enum State {
        case queued
        case listing
        case listed(Listing)
    }

    private let list: @Sendable (InventoryPath) -> Listing
    private let descends: @Sendable (InventoryPath, DirectoryEntry) -> InventoryPath?
    private let lock = ConditionLock()
    /// By display path; guarded by `lock`, like `queue` and `closed`.
    private var states: [String: State] = [:]
    private var queue: [InventoryPath] = []
    private var closed = false
    private var worker: JoinableThread?

    /// Starts the worker. `list` lists a directory; `descends` is the subdirectory that the walk enters
    /// for an entry of a listed directory, if any.
    init(
        list: @escaping @Sendable (InventoryPath) -> Listing,
        descends: @escaping @Sendable (InventoryPath, DirectoryEntry) -> InventoryPath?
    ) {
        self.list = list
        self.descends = descends
        // A listing holds no deep recursion: a small stack suffices.
        worker = JoinableThread(stackSize: 256 << 10) { [self] in work() }
    }

    /// The listing of `directory`: the worker's, or made here.
    func entries(of directory: InventoryPath) -> Listing {
        let listed = lock.withLock { () -> Listing? in
            while case .listing = states[directory.display] { lock.wait() }
            if case .listed(let listing) = states.removeValue(forKey: directory.display) { return listing }
            // Queued or unknown: this thread lists it; the worker skips it from now on.
            return nil
        }
        if let listed { return listed }
        return listAndQueueSubdirectories(directory, byWalk: true)
    }

    /// Stops the worker and waits for it; listings not asked for are dropped.
    func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
        worker?.join()
        worker = nil
    }

    private func work() {
        while let directory = nextQueued() {
            let listing = listAndQueueSubdirectories(directory, byWalk: false)
            lock.withLock {
                states[directory.display] = .listed(listing)
                lock.broadcast()
            }
        }
    }

    /// The last directory still queued, now marked as being listed; nil once closed.
    private func nextQueued() -> InventoryPath? {
        lock.withLock {
            while !closed {
                while let directory = queue.popLast() {
                    guard case .queued = states[directory.display] else { continue }
                    states[directory.display] = .listing
                    return directory
                }
                lock.wait()
            }
            return nil
        }
    }

    private func listAndQueueSubdirectories(_ directory: InventoryPath, byWalk: Bool) -> Listing {
        let listing = list(directory)
        let subdirectories = (listing ?? []).compactMap { descends(directory, $0) }
        guard !subdirectories.isEmpty else { return listing }
        lock.withLock {
            let fresh = subdirectories.filter { states[$0.display] == nil }
            for subdirectory in fresh { states[subdirectory.display] = .queued }
            if byWalk { queue.insert(contentsOf: fresh, at: 0) } else { queue.append(contentsOf: fresh) }
            lock.broadcast()
        }
        return listing
    }
}
