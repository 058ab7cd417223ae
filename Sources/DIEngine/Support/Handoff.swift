/// A value one thread puts once and another takes once, waiting until it is there: for a thread that goes
/// on working after handing over its first result (`CacheLoadAhead`).
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    /// Guarded by `lock`.
    private var value: Value?

    func put(_ value: Value) {
        lock.withLock { self.value = value }
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
