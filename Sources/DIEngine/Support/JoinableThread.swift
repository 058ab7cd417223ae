#if canImport(Glibc)
    import Glibc
#else
    import Foundation
#endif

/// A thread of its own with a chosen stack size, joined once. On Linux a POSIX thread: Foundation's
/// `Thread` would load the whole of Foundation (and its ICU data) into every run, a few milliseconds that
/// a no-op build notices.
final class JoinableThread: @unchecked Sendable {
    #if canImport(Glibc)
        private var thread: pthread_t?

        /// Starts `body`; when no thread can be made (resource limits), runs it here instead.
        init(stackSize: Int, _ body: @escaping () -> Void) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
            var handle = pthread_t()
            let started = pthread_create(
                &handle, &attributes,
                { context in
                    HugePageHeap.adviseThreadArena()
                    Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
            if started == 0 {
                thread = handle
            } else {
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            }
        }

        /// Waits until `body` returned; call once.
        func join() {
            if let thread { pthread_join(thread, nil) }
            thread = nil
        }
    #else
        private let done = DispatchSemaphore(value: 0)

        init(stackSize: Int, _ body: @escaping () -> Void) {
            let thread = Thread { [done] in
                body()
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }

        func join() { done.wait() }
    #endif
}

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
