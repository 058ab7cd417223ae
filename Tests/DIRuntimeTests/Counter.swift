import DIRuntime
import Foundation

/// Counts constructions by name; registered as a singleton so test types can take it as a dependency.
final class Counter: Component, @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init() {}

    func record(_ name: String) {
        lock.lock()
        counts[name, default: 0] += 1
        lock.unlock()
    }

    func count(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[name, default: 0]
    }
}
