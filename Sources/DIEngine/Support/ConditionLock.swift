#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX mutex with one condition variable, at stable addresses: for threads that hand work to each
/// other and wait for it (`ListingPrefetch`). POSIX rather than Foundation's `NSCondition`, which would
/// load Foundation into every run on Linux.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock` only: releases the lock until another thread calls `broadcast`, then takes it again.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in `wait`; call with the lock held.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
