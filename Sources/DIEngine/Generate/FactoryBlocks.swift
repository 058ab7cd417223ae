/// The factory's registration blocks but their closing lines (`RegistrationRenderer.appendOpening`),
/// rendered from the link units on another core while the main thread resolves the dependencies: what a
/// block holds before its links comes from the registration's unit alone, which resolution does not change
/// (it rebuilds the arguments from the same dependencies and adds links and candidates). The factory then
/// copies each block and writes only its closing line.
struct FactoryBlocks: Sendable {
    /// The blocks' lines, one after the other, at the indentation of a block inside `load`.
    let bytes: [UInt8]
    /// Where each registration's block ends in `bytes`, in the graph's order (its start is the previous end).
    let ends: [Int]
    /// Each registration's kind, to check that a graph still has the registrations the blocks were made from.
    let kinds: [RegistrationKind]

    /// The blocks of `count` registrations, `registration(i, body)` lending `body` the address of the `i`th.
    /// Nil when an array argument already has an imported candidate: resolution sets that flag from the
    /// imported registrations, and the blocks are only taken for a graph without any (`matches`).
    static func render(
        count: Int, registration: (Int, (UnsafePointer<Registration>) -> Void) -> Void
    ) -> FactoryBlocks? {
        var writer = CodeWriter(reservingCapacity: 512 * count)
        var ends: [Int] = []
        ends.reserveCapacity(count)
        var kinds: [RegistrationKind] = []
        kinds.reserveCapacity(count)
        var imported = false
        // Inside the class and its `load` (or a `loadChunkN`): the indentation the factory writes blocks at.
        writer.indented { writer in
            writer.indented { writer in
                for index in 0..<count {
                    registration(index) { address in
                        imported =
                            imported || hasImportedCandidate(address.pointee.constructorArguments)
                            || hasImportedCandidate(address.pointee.injectorArguments)
                        RegistrationRenderer.appendOpening(address, to: &writer)
                        kinds.append(address.pointee.kind)
                    }
                    ends.append(writer.bytes.count)
                }
            }
        }
        guard !imported else { return nil }
        return FactoryBlocks(bytes: writer.bytes, ends: ends, kinds: kinds)
    }

    /// Whether the blocks were made from `graph`'s registrations: as many, of the same kinds, and no
    /// imported registration that could have given an array argument an imported candidate.
    func matches(_ graph: LinkedGraph) -> Bool {
        guard graph.importedRegistrations.isEmpty, ends.count == graph.registrations.count else { return false }
        let registrations = graph.registrations
        return registrations.indices.allSatisfy { registrations[$0].kind == kinds[$0] }
    }

    /// The bytes of the `index`th registration's block.
    func block(_ index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    private static func hasImportedCandidate(_ arguments: [DependencyArgument]) -> Bool {
        for index in arguments.indices
        where arguments[index].dependency.isArray && arguments[index].dependency.hasImportedCandidate {
            return true
        }
        return false
    }
}

/// The blocks being rendered on another thread, handed to the factory through the graph. Not part of the
/// graph's value: graphs equal apart from it are equal.
struct PrerenderedFactory: Sendable, Equatable {
    private let pending: Pending?

    /// No blocks: the factory renders every block.
    init() { pending = nil }

    /// Starts rendering the blocks on another thread.
    init(rendering body: @escaping @Sendable () -> FactoryBlocks?) { pending = Pending(body) }

    /// The blocks once they are rendered (nil without any); any thread, any number of times.
    var blocks: FactoryBlocks? { pending?.blocks }

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    private final class Pending: @unchecked Sendable {
        private let lock = ConditionLock()
        private var work: BackgroundWork<FactoryBlocks?>?
        private var rendered: FactoryBlocks?

        init(_ body: @escaping @Sendable () -> FactoryBlocks?) { work = BackgroundWork(body) }

        // A graph dropped unrendered (a failed validation) does not leave its thread unjoined.
        deinit { _ = work?.wait() }

        var blocks: FactoryBlocks? {
            lock.withLock {
                if let work {
                    rendered = work.wait()
                    self.work = nil
                }
                return rendered
            }
        }
    }
}
