import DIRuntime
import Foundation
import Testing

/// Identities seen by the worker threads, merged under a lock.
private final class IdentityLog: @unchecked Sendable {
    private let lock = NSLock()
    private var identities: [String: Set<ObjectIdentifier>] = [:]
    private var failures: [String] = []

    func merge(_ local: [String: Set<ObjectIdentifier>], failures localFailures: [String]) {
        lock.lock()
        identities.merge(local) { $0.union($1) }
        failures += localFailures.prefix(5)
        lock.unlock()
    }

    func distinctCount(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return identities[name]?.count ?? 0
    }

    var recordedFailures: [String] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }
}

@Suite struct ConcurrencyTests {
    static let threadCount = 16
    static let resolutionsPerThread = 10_000

    @Test(.timeLimit(.minutes(5)))
    func concurrentResolutionsCreateOneInstancePerSingleton() {
        let context = AppContext()
        context.load([ScopeFactory.self, CycleFactory.self, LibraryFactory.self, LoggingFactory.self])
        let log = IdentityLog()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()

        for _ in 0..<Self.threadCount {
            done.enter()
            let worker = Thread {
                gate.wait()
                var seen: [String: Set<ObjectIdentifier>] = [:]
                var failures: [String] = []
                for step in 0..<Self.resolutionsPerThread {
                    Self.resolve(step: step, in: context, seen: &seen, failures: &failures)
                }
                log.merge(seen, failures: failures)
                done.leave()
            }
            worker.start()
        }
        for _ in 0..<Self.threadCount { gate.signal() }

        #expect(done.wait(timeout: .now() + 240) == .success, "deadlock: workers did not finish")
        let failures = log.recordedFailures
        #expect(failures.count == 0, "first failures: \(failures.prefix(5))")
        for singleton in [
            "SharedService", "MessageService", "UserService", "LibraryService", "Session", "EagerService",
        ] {
            #expect(log.distinctCount(singleton) == 1, "\(singleton)")
        }
        let counter = context.get(Counter.self)
        #expect(counter?.count("SharedService") == 1)
        #expect(counter?.count("EagerService") == 1)
        #expect(counter?.count("FreshService") == Self.threadCount * Self.resolutionsPerThread / 10)
    }

    /// One request of a mixed graph: singletons, a lazy cycle, prototypes, weak, always, arrays through
    /// links, payload factories and `Inject(...)` inside constructors.
    private static func resolve(
        step: Int,
        in context: AppContext,
        seen: inout [String: Set<ObjectIdentifier>],
        failures: inout [String]
    ) {
        func record(_ name: String, _ instance: AnyObject?) {
            guard let instance else { return failures.append("\(name) missing") }
            seen[name, default: []].insert(ObjectIdentifier(instance))
        }
        switch step % 10 {
        case 0: record("SharedService", context.get(SharedService.self))
        case 1:
            let messages = context.get(MessageService.self)
            record("MessageService", messages)
            if messages?.friendService.userService.messageService !== messages { failures.append("cycle not injected") }
        case 2:
            let users = context.get(UserService.self)
            record("UserService", users)
            if users?.messageService == nil { failures.append("UserService returned before injection") }
        case 3: record("LibraryService", context.get(LibraryService.self))
        case 4: if context.get(FreshService.self) == nil { failures.append("FreshService missing") }
        case 5: if context.get(BorrowedService.self) == nil { failures.append("BorrowedService missing") }
        case 6:
            let payload = FriendPayload(with: (userID: "u\(step)", cachedName: "n"))
            if context.get(FriendInfoViewModel.self, payload: payload)?.userID != "u\(step)" {
                failures.append("factory payload lost")
            }
        case 7:
            if context.get([Book].self, resolveRole: .recursive).count != 3 { failures.append("book chain incomplete") }
        case 8:
            let dashboard = context.get(Dashboard.self)
            record("Session", dashboard?.session)
            if dashboard?.logger.storage != "file" { failures.append("qualifierBy wrapper") }
        default: record("EagerService", context.get(EagerService.self))
        }
    }
}
