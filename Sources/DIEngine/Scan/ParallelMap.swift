#if canImport(FoundationEssentials)
    import FoundationEssentials  // ProcessInfo, without the rest of Foundation
#else
    // Darwin: also `Thread` and `NSLock`, which come with the system there and cost nothing at start-up.
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Maps a function over an array on several threads, keeping input order. Uses its own threads with a
/// generous stack because swift-syntax recurses deeply on nested code (dispatch workers have 512 KiB).
/// On Linux the threads are POSIX threads: Foundation's `Thread` would load the whole Foundation (and its
/// ICU data) into every run, a few milliseconds that a no-op build notices.
enum ParallelMap {
    private static let stackSize = 16 << 20

    /// The processors online, asked once. Not `ProcessInfo.activeProcessorCount`: on Linux its first use
    /// reads the cgroup's files and parses them (~0.3 ms, most of it the runtime's conformance look-ups),
    /// which a DI edit of real code paid on its critical path to decode a few files.
    static let processorCount: Int = {
        #if canImport(Glibc)
            return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return ProcessInfo.processInfo.activeProcessorCount
        #endif
    }()

    static func map<Input, Output>(
        _ inputs: [Input], threads requested: Int?, _ transform: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let threadCount = max(1, min(requested ?? processorCount, inputs.count))
        let work = Work(inputs: inputs, transform: transform)
        runThreads(threadCount, work.run)
        return work.outputs()
    }

    /// Shared between the worker threads: each claims the next index under `lock`, and writes the result
    /// of that index only.
    private final class Work<Input, Output>: @unchecked Sendable {
        private let inputs: [Input]
        private let transform: (Input) -> Output
        private let lock = WorkLock()
        private var next = 0
        private let results: ConcurrentSlots<Output>

        init(inputs: [Input], transform: @escaping (Input) -> Output) {
            self.inputs = inputs
            self.transform = transform
            self.results = ConcurrentSlots(count: inputs.count)
        }

        func run() {
            while let index = claim() {
                results[index] = transform(inputs[index])
            }
        }

        private func claim() -> Int? {
            lock.withLock {
                guard next < inputs.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        /// After every worker finished; once. The results move out of their slots: copying them retained and
        /// released every reference they hold (a file's facts hold dozens).
        func outputs() -> [Output] { inputs.indices.map { results.take($0) } }
    }
}

extension ParallelMap {
    /// Runs `body` on `count` new threads with `stackSize` bytes of stack, and waits for them.
    fileprivate static func runThreads(_ count: Int, _ body: @escaping () -> Void) {
        let threads = (0..<count).map { _ in JoinableThread(stackSize: stackSize, body) }
        for thread in threads { thread.join() }
    }
}

#if canImport(Glibc)
    /// A `pthread_mutex_t` at a stable address.
    final class WorkLock: @unchecked Sendable {
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
    }
#else
    typealias WorkLock = NSLock
#endif

#if canImport(Glibc)
    extension ParallelMap {
        /// glibc gives every thread that meets contention its own malloc arena, and returns freed memory
        /// to the system only from the top of each. A cold build of 10,000 files (scanned on every core,
        /// their facts then linked on one) peaked 15 % higher for it. Call before the first worker thread
        /// starts.
        ///
        /// Two, although the walk's helper (`SharedWalk`) then shares an arena: three were tried with it, and
        /// once the table image took the parallel interface decode off a DI edit (where two workers sharing
        /// an arena had cost about 34 ms), they no longer paid. Side by side on the generated project, two arenas
        /// gave DI edits of 77–80 ms against 82–86 and no-ops of 19.7 against 20.0 ms, while a cold build
        /// peaked at 134 MB instead of 150–152 MB (the bound is 150), in the same 1.7 s.
        static func limitAllocatorArenas() {
            _ = arenasLimited
            _ = heapsPadded
        }

        /// Before a scan: trimming on every free keeps the peak near what is live (a few more `brk` calls,
        /// which a run that scans nothing is spared).
        static func trimAllocatorOnFree() {
            _ = trimming
        }

        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        static let mallopt: MallocOption? = dlsym(dlopen(nil, RTLD_NOW), "mallopt").map {
            unsafeBitCast($0, to: MallocOption.self)
        }

        private static let arenasLimited: Bool = {
            let arenaMaximum: Int32 = -8  // M_ARENA_MAX
            return mallopt?(arenaMaximum, 2) == 1
        }()

        /// A thread's arena starts with this much writable memory and the main heap grows by this much
        /// beyond each request: by default a second thread's arena grows a page at a time, one `mprotect`
        /// per page (some 360 calls while the cache loads beside a no-op build's walk, 10 with the pad).
        static let heapPad = 4 << 20

        private static let heapsPadded: Bool = {
            let topPad: Int32 = -2  // M_TOP_PAD
            return mallopt?(topPad, Int32(heapPad)) == 1
        }()

        private static let trimming: Bool = {
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
            return mallopt?(trimThreshold, 0) == 1
        }()
    }
#else
    extension ParallelMap {
        static func limitAllocatorArenas() {}
        static func trimAllocatorOnFree() {}
    }
#endif
