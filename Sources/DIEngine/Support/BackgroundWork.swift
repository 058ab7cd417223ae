import Foundation

/// Work run on a thread of its own while the starting thread goes on; `wait()` returns its result. A cold
/// build is one core's serial work after the parallel scan: whatever part of it nothing else needs until
/// the end (the link state, the validation beside the rendering) runs here, on the other core.
final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    /// Deep enough for the link's recursive walks, like the scan workers' (`ParallelMap`).
    private static var stackSize: Int { 16 << 20 }

    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    /// Set once by the worker, under `lock`.
    private var result: Result?

    init(_ body: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            let value = body()
            lock.withLock { result = value }
            done.signal()
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// Blocks until the work is done; call once.
    func wait() -> Result {
        done.wait()
        return lock.withLock { result! }
    }
}
