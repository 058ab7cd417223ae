#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The registrations being created on the current thread, outermost first.
///
/// It names the chain in failure messages and tells `Inject(...)`, `Config(...)` and the property
/// wrappers which context to resolve from: the one creating the instance that calls them, or
/// `AppContext.shared` outside any resolution.
final class ResolutionTrace {
    struct Frame {
        let context: AppContext
        let type: Any.Type
        let qualifier: String
    }

    private(set) var frames: [Frame] = []
    var pendingInjections: [PendingInjection] = []
    var currentLineage: [Registration] = []
    var isFlushing = false

    /// The current thread's trace, created on first use and released when the thread exits.
    static var current: ResolutionTrace {
        if let existing = pthread_getspecific(traceKey) {
            return Unmanaged<ResolutionTrace>.fromOpaque(existing).takeUnretainedValue()
        }
        let trace = ResolutionTrace()
        pthread_setspecific(traceKey, Unmanaged.passRetained(trace).toOpaque())
        return trace
    }

    /// The context of the innermost resolution on this thread, else `AppContext.shared`.
    static var context: AppContext {
        current.frames.last?.context ?? AppContext.shared
    }

    func push(_ frame: Frame) {
        frames.append(frame)
    }

    func pop() {
        frames.removeLast()
    }

    /// `A -> B(qualifier: "q") -> C`: the types being created, then `last`.
    func chain(ending type: Any.Type, qualifier: String) -> String {
        (frames.map { Self.describe($0.type, $0.qualifier) } + [Self.describe(type, qualifier)])
            .joined(separator: " -> ")
    }

    static func describe(_ type: Any.Type, _ qualifier: String) -> String {
        let name = String(reflecting: type)
        return qualifier.isEmpty ? name : "\(name)(qualifier: \"\(qualifier)\")"
    }
}

private let traceKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        let trace: UnsafeMutableRawPointer? = pointer
        if let trace {
            Unmanaged<ResolutionTrace>.fromOpaque(trace).release()
        }
    }
    precondition(status == 0, "DIRuntime: pthread_key_create failed (\(status))")
    return key
}()

/// Stops the program because a required dependency cannot be resolved.
func missingDependency(_ type: Any.Type, qualifier: String) -> Never {
    let chain = ResolutionTrace.current.chain(ending: type, qualifier: qualifier)
    let shownQualifier = qualifier.isEmpty ? "no qualifier" : "qualifier \"\(qualifier)\""
    fatalError(
        "DIRuntime: missing dependency \(String(reflecting: type)) (\(shownQualifier)); resolution chain: \(chain)"
    )
}

/// Stops the program because a required property is absent.
func missingProperty(_ path: String, for use: String) -> Never {
    let chain = ResolutionTrace.current.frames.map { ResolutionTrace.describe($0.type, $0.qualifier) }
    let shownChain = chain.isEmpty ? "" : "; resolution chain: \(chain.joined(separator: " -> "))"
    fatalError("DIRuntime: missing property \"\(path)\" (\(use))\(shownChain)")
}
