/// The Swift runtime's first-use work for a build, done on the second core while the main thread reads the
/// config. The first use in a process of a generic type whose metadata checks a protocol requirement
/// (`String: Hashable`, `Int: Hashable`) costs a scan of every protocol conformance record, and the first
/// scan of a file instantiates the metadata and witness tables of the parser's and the scanner's types
/// (~0.8 ms of the ~1.75 ms that scanning one changed file takes on the cache's thread, `front16`). Those
/// caches are process-wide and what they hold does not depend on who filled them, so paying them here
/// changes no output; a run with no file to scan (a no-op) pays them for nothing, but on a core that is idle
/// until the walk starts. Not started with a single processor, where it would only compete.
public enum RuntimeWarmUp {
    /// Starts the warm-up on a thread of its own, if there is a second processor and a thread can be made.
    /// Call at the start of a build, before the config is read; `finish()` joins it.
    public static func start() {
        guard ParallelMap.processorCount > 1, thread == nil else { return }
        // The allocator's arenas limited before the first thread allocates, as the inventory's walk does.
        ParallelMap.limitAllocatorArenas()
        thread = JoinableThread.startIfPossible(stackSize: 1 << 20) { warm() }
    }

    /// Waits for the warm-up, if one was started (it is short; a run ends after it anyway).
    public static func finish() {
        thread?.join()
        thread = nil
    }

    /// Set and read on the main thread only.
    nonisolated(unsafe) private static var thread: JoinableThread?

    /// The conformances the main thread needs first (the config's dictionaries), then the scanner's first
    /// use, on a file that exercises the usual declarations. Returns what it computed, so that none of it is
    /// optimised away.
    @discardableResult
    static func warm() -> Int {
        var names: [String: Int] = [:]
        names[sample.isEmpty ? "" : "warm"] = 1
        var positions: [Int: Int] = [:]
        positions[names.count] = 1
        let facts = Scanner.scan(bytes: Array(sample.utf8), runtimeModule: "DIRuntime")
        return positions.count + facts.declarations.count + facts.imports.count
    }

    /// Swift source with the declarations a scan meets most: imports, a protocol, a class with stored
    /// properties and an initializer, an extension, a struct, an enum with a switch, closures and generics.
    static let sample = """
        import Foundation
        import DIRuntime

        protocol WarmProviding: AnyObject {
            func value() -> Int
        }

        /// A service.
        final class WarmService: WarmProviding, Autowired {
            let dependency: WarmProviding?
            private var cache: [String: Int] = [:]

            required init(_ dependency: WarmProviding?) {
                self.dependency = dependency
            }

            func value() -> Int { (dependency?.value() ?? 0) + 1 }
        }

        struct WarmModel: Equatable {
            var field: Int
            var names: [Int: String]

            func describe(prefix: String) -> String {
                let parts = [prefix, String(describing: field)].map { $0.uppercased() }
                return parts.joined(separator: ", ")
            }
        }

        enum WarmKind: String, CaseIterable {
            case first, second

            var next: WarmKind {
                switch self {
                case .first: return .second
                case .second: return .first
                }
            }
        }

        extension WarmModel {
            static func sample<T: Sequence>(_ values: T) -> [Int] where T.Element == Int {
                values.filter { $0 % 2 == 0 }
            }
        }
        """
}
