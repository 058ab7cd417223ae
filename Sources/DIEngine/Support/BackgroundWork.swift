/// Work run on a thread of its own while the starting thread goes on; `wait()` returns its result. A cold
/// build is one core's serial work after the parallel scan: whatever part of it nothing else needs until
/// the end (the link state, the validation beside the rendering) runs here, on the other core.
final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    /// Deep enough for the link's recursive walks, like the scan workers' (`ParallelMap`).
    private static var stackSize: Int { 16 << 20 }

    /// Set once by the worker; read after `join`, which orders the two.
    private var result: Result?
    private var thread: JoinableThread?

    init(_ body: @escaping @Sendable () -> Result) {
        thread = JoinableThread(stackSize: Self.stackSize) { [self] in result = body() }
    }

    /// Blocks until the work is done; call once. The result moves out: a caller that changes it in place
    /// (a loaded cache's entries) copies nothing.
    func wait() -> Result {
        thread?.join()
        return result.take()!
    }
}
