// Lazy injection. Deli dispatched injectors to the main queue. DIRuntime runs
// them synchronously on the resolving thread, after the instance has been stored in its scope cache and
// before the outermost request returns:
//
// * a lazy instance requested while nothing else is being created is injected at once, before `get`
//   returns it;
// * a lazy instance created while other instances are being created (it is a dependency of a
//   constructor) is injected as soon as the outermost creation on this thread finishes. Injecting it
//   earlier would break the very cycles lazy injection exists for: in Deli's example
//   `MessageService -> FriendService -> UserService(lazy) -> MessageService`, resolving MessageService
//   first would make UserService's injector ask for the MessageService still under construction.
//
// With `AppContext.lazyInjection = .mainQueue` the same flush hands each injection to the main queue
// instead (Deli's timing); it then runs there as above, on the main thread's trace.
import Dispatch

extension ResolutionTrace {
    struct PendingInjection {
        let context: AppContext
        let registration: Registration
        let instance: Any
        let isCached: Bool
        /// The uncached (prototype) registrations whose injection led to this one: meeting one of them
        /// again means the injection would never end.
        let lineage: [Registration]
        /// Whether the flush hands this injection to the main queue rather than running it.
        var isDeferred: Bool
    }

    /// Carries a deferred injection to the main queue; only the main thread touches it afterwards.
    private struct DeferredInjection: @unchecked Sendable {
        let pending: PendingInjection
    }

    func enqueueInjection(of instance: Any, by registration: Registration, in context: AppContext, isCached: Bool) {
        pendingInjections.append(
            PendingInjection(
                context: context,
                registration: registration,
                instance: instance,
                isCached: isCached,
                lineage: currentLineage,
                isDeferred: context.lazyInjectionMode == .mainQueue
            )
        )
    }

    func flushPendingInjectionsIfOutermost() {
        guard frames.isEmpty, !isFlushing, !pendingInjections.isEmpty else { return }
        isFlushing = true
        var next = 0
        while next < pendingInjections.count {
            let pending = pendingInjections[next]
            next += 1
            if pending.isDeferred {
                deferToMainQueue(pending)
            } else {
                inject(pending)
            }
        }
        pendingInjections.removeAll()
        isFlushing = false
    }

    private func deferToMainQueue(_ pending: PendingInjection) {
        var ready = pending
        ready.isDeferred = false
        let deferred = DeferredInjection(pending: ready)
        DispatchQueue.main.async {
            let trace = ResolutionTrace.current
            trace.pendingInjections.append(deferred.pending)
            trace.flushPendingInjectionsIfOutermost()
        }
    }

    private func inject(_ pending: PendingInjection) {
        let registration = pending.registration
        if !pending.isCached, pending.lineage.contains(where: { $0 === registration }) {
            let loop = (pending.lineage + [registration]).map { Self.describe($0.type, $0.qualifier) }
            fatalError(
                "DIRuntime: circular lazy injection between uncached instances: \(loop.joined(separator: " -> "))")
        }
        pending.context.lock.withLockHeld {
            let outerLineage = currentLineage
            currentLineage = pending.isCached ? pending.lineage : pending.lineage + [registration]
            push(Frame(context: pending.context, type: registration.type, qualifier: registration.qualifier))
            registration.inject?(pending.instance)
            pop()
            currentLineage = outerLineage
        }
    }
}
