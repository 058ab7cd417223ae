#if canImport(Glibc)
    import Glibc
#else
    import Foundation
#endif

/// The xxh3 of every name of the table image's shared column (`TablePart.names`), taken from its end
/// backwards on a thread of the lowest priority while the table is built from its start, so that
/// `TypeTable.build` finds the hashes of the files it reaches last already taken.
///
/// On real code the second core is idle for much of the table (the link state's read beside it is short),
/// and hashing each cold name was a tenth of the table. The thread never holds the build up: it runs only
/// when a core has nothing else to run (`SCHED_IDLE`; on the generated project the link state's read keeps
/// that core, so the build hashes as before), it is never waited for (detached, and the build only tries its
/// lock: the thread may be stopped while it holds it), a chunk it has not finished is hashed by the build
/// itself, and it stops where the build has got to. Either way each name's hash is the same, so the table
/// is too.
final class NameHashesAhead: @unchecked Sendable {
    /// Names hashed between two looks at where the build is.
    static let chunk = 512

    private let names: [String]
    private let hashes: UnsafeMutablePointer<UInt64>
    private let lock = TryLock()
    /// The hashes of `names[doneFrom...]` are taken; only lowered, under `lock`.
    private var doneFrom: Int
    /// The build needs no hash before this position; only raised, under `lock`.
    private var buildAt = 0
    /// What the build last read of `doneFrom` and told of where it is (the build's own, not locked).
    private var seenDoneFrom = Int.max
    private var toldBuildAt = Int.min / 2

    /// Starts hashing `names` on a thread of its own; nil where no such thread can be made.
    static func start(_ names: [String]) -> NameHashesAhead? {
        #if canImport(Glibc)
            let ahead = NameHashesAhead(names)
            return ahead.startThread() ? ahead : nil
        #else
            return nil
        #endif
    }

    /// Hashes nothing until `hashAll` (tests).
    init(_ names: [String]) {
        self.names = names
        hashes = .allocate(capacity: max(names.count, 1))
        doneFrom = names.count
    }

    deinit { hashes.deallocate() }

    /// The hashes of `names[range]` when all are taken, nil otherwise (the build then hashes them); asked
    /// by the build alone, going forward. It looks at what the thread did only when the last look says no
    /// and it has gone a chunk further since: the lock is tried about once per chunk, not per file.
    func hashes(of range: Range<Int>) -> UnsafeBufferPointer<UInt64>? {
        if range.lowerBound < seenDoneFrom, range.lowerBound >= toldBuildAt + Self.chunk {
            let seen = lock.tryWithLock {
                buildAt = range.lowerBound
                return doneFrom
            }
            if let seen {
                toldBuildAt = range.lowerBound
                seenDoneFrom = seen
            }
        }
        guard range.lowerBound >= seenDoneFrom, range.upperBound <= names.count else { return nil }
        return UnsafeBufferPointer(start: hashes + range.lowerBound, count: range.count)
    }

    /// Tells the thread to stop, if its lock is free: the build needs no more hashes. Otherwise the thread
    /// stops where the build last told it it was.
    func finish() { _ = lock.tryWithLock { buildAt = Int.max } }

    /// Takes every hash the build has not got to, on the calling thread (tests, and the thread's own loop).
    func hashAll() {
        while let range = claim() {
            names.withUnsafeBufferPointer { names in
                for index in range { (hashes + index).initialize(to: TypeEntries.hash(of: names[index])) }
            }
            lock.withLock { doneFrom = range.lowerBound }
        }
    }

    /// The next chunk below what is done, nil once it would reach where the build is.
    private func claim() -> Range<Int>? {
        lock.withLock {
            let lower = max(doneFrom - Self.chunk, 0)
            guard doneFrom > 0, lower >= buildAt else { return nil }
            return lower..<doneFrom
        }
    }

    #if canImport(Glibc)
        /// A detached thread of the lowest priority, holding this object until it stops.
        private func startThread() -> Bool {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            pthread_attr_setstacksize(&attributes, 256 << 10)
            let context = Unmanaged.passRetained(self).toOpaque()
            var handle = pthread_t()
            let started = pthread_create(
                &handle, &attributes,
                { context in
                    var parameters = sched_param()
                    // SCHED_IDLE (5 in Linux's headers, not exported by every Glibc module map), this thread only.
                    _ = sched_setscheduler(0, 5, &parameters)
                    Unmanaged<NameHashesAhead>.fromOpaque(context!).takeRetainedValue().hashAll()
                    return nil
                }, context)
            if started != 0 { Unmanaged<NameHashesAhead>.fromOpaque(context).release() }
            return started == 0
        }
    #endif
}

/// A mutex that the build only tries: the other side of it may be a thread of the lowest priority, stopped
/// for as long as the machine is busy while it holds the lock.
private final class TryLock: @unchecked Sendable {
    #if canImport(Glibc)
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init() { pthread_mutex_init(mutex, nil) }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func withLock<Result>(_ body: () -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        /// `body`'s result, or nil without waiting when the lock is held.
        func tryWithLock<Result>(_ body: () -> Result) -> Result? {
            guard pthread_mutex_trylock(mutex) == 0 else { return nil }
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }
    #else
        private let lock = NSLock()

        func withLock<Result>(_ body: () -> Result) -> Result { lock.withLock(body) }

        func tryWithLock<Result>(_ body: () -> Result) -> Result? {
            guard lock.try() else { return nil }
            defer { lock.unlock() }
            return body()
        }
    #endif
}
