/// A value one thread puts once and another takes once, waiting until it is there: for a thread that goes
/// on working after handing over its first result (`CacheLoadAhead`).
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var value: Value?

    /// Moves `value` in (`consume` it at the call): a copy the putting thread kept while it goes on working
    /// would share its buffers with the taker's, whose first change to one would then copy it whole.
    func put(_ value: consuming Value) {
        lock.lock()
        self.value = consume value
        lock.unlock()
        lock.broadcast()
    }

    /// Blocks until the value is put; call once. The value moves out.
    func take() -> Value {
        lock.lock()
        defer { lock.unlock() }
        while value == nil { lock.wait() }
        return value.take()!
    }
}
