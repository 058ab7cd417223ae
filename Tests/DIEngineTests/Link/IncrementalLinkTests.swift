import Foundation
import Testing

@testable import DIEngine

/// The incremental link (`IncrementalLinker`) must give the graph and diagnostics of a link from scratch
/// on the same facts, whatever units it reuses, and redo only the units an edit can affect.
@Suite struct IncrementalLinkTests {
    typealias Sources = [String: String]

    static let base: Sources = [
        "Sources/Store.swift": """
        protocol Store: AnyObject {}
        typealias Backend = DiskStore
        final class DiskStore: Store, Component {
            init() {}
        }
        """,
        "Sources/Service.swift": """
        final class Service: Autowired {
            let store: Store
            init(_ store: Store) { self.store = store }
        }
        final class Client: Autowired {
            init(service: Service, backend: Backend) {}
        }
        """,
        "Sources/Base.swift": """
        class BaseWorker: LazyAutowired {
            var scope: String { "prototype" }
            init() {}
            func inject(_ store: Store) {}
        }
        """,
        "Sources/Plain.swift": """
        struct Point { var x: Int }
        """,
        "Sources/Holder.swift": """
        final class Holder: Inject {
            let service = Inject(Service.self)
            @Dependency var store: Store
        }
        """,
    ]

    /// Each step replaces (or, for nil, removes) some files of the previous step.
    static let edits: [(name: String, changes: [String: String?])] = [
        (
            "detail: initialiser label",
            [
                "Sources/Service.swift": """
                final class Service: Autowired {
                    let store: Store
                    init(main store: Store) { self.store = store }
                }
                final class Client: Autowired {
                    init(service: Service, backend: Backend) {}
                }
                """
            ]
        ),
        (
            "typealias retargeted",
            [
                "Sources/Store.swift": """
                protocol Store: AnyObject {}
                typealias Backend = MemoryStore
                final class DiskStore: Store, Component {
                    init() {}
                }
                final class MemoryStore: Store, Component {
                    init() {}
                }
                """
            ]
        ),
        (
            "supertype removed",
            [
                "Sources/Store.swift": """
                protocol Store: AnyObject {}
                typealias Backend = MemoryStore
                final class DiskStore: Component {
                    init() {}
                }
                final class MemoryStore: Store, Component {
                    init() {}
                }
                """
            ]
        ),
        (
            "type moved to another file",
            [
                "Sources/Store.swift": """
                protocol Store: AnyObject {}
                typealias Backend = MemoryStore
                final class DiskStore: Component {
                    init() {}
                }
                """,
                "Sources/Memory.swift": """
                final class MemoryStore: Store, Component {
                    init() {}
                }
                """,
            ]
        ),
        (
            "nested type shadows a name",
            [
                "Sources/Service.swift": """
                final class Service: Autowired {
                    final class Store {}
                    let store: Store
                    init(main store: Store) { self.store = store }
                }
                final class Client: Autowired {
                    init(service: Service, backend: Backend) {}
                }
                """
            ]
        ),
        (
            "superclass scope changes a subclass",
            [
                "Sources/Base.swift": """
                class BaseWorker {
                    var scope: String { "weak" }
                    var qualifier: String { "base" }
                }
                """,
                "Sources/Worker.swift": """
                final class Worker: BaseWorker, Component {
                    override init() {}
                }
                """,
            ]
        ),
        (
            "protocol extension qualifier",
            [
                "Sources/Plain.swift": """
                struct Point { var x: Int }
                extension Store { var qualifier: String { "stored" } }
                """
            ]
        ),
        (
            "scan error",
            [
                "Sources/Holder.swift": """
                final class Holder: Inject {
                    let service = Inject(Service.self
                }
                """
            ]
        ),
        (
            "file removed, error fixed",
            [
                "Sources/Memory.swift": nil,
                "Sources/Holder.swift": """
                final class Holder: Inject {
                    let service = Inject(Service.self)
                }
                """,
            ]
        ),
        ("touch without change", [:]),
    ]

    static func inputs(_ sources: Sources) -> [LinkInput] {
        sources.keys.sorted().map { path in
            let facts = Scanner.scan(bytes: Array(sources[path]!.utf8), runtimeModule: "DIRuntime")
            let blob = FactsCodec.encode(facts)[...]
            return LinkInput(
                path: path, facts: try! FactsReader.readInterface(blob), factsDigest: Fingerprint.xxh3(blob),
                interfaceDigest: Fingerprint.xxh3(try! FactsCodec.interfaceBytes(of: blob)),
                mayRegisterOrDepend: facts.mayRegisterOrDepend, detail: FactsLoader { try? FactsReader.read(blob) })
        }
    }

    /// `inputs` as a run with a table image makes them: no facts, each file's part (through the image's
    /// encoding) standing for its interface until a step decodes it.
    static func keptInputs(_ sources: Sources) -> [LinkInput] {
        inputs(sources).map { input in
            var kept = input
            let entry = TableImage.Entry(
                path: input.path, factsDigest: 0, interfaceDigest: 0, part: TablePart(of: input.facts!))
            let image = TableImage.decode(TableImage.encode([entry], identity: "test"), identity: "test")
            kept.part = image.entries.first?.part
            let interface = input.facts!
            kept.facts = nil
            kept.interface = FactsLoader { interface }
            return kept
        }
    }

    static func scratch(_ sources: Sources) -> (graph: LinkedGraph, diagnostics: [Diagnostic]) {
        let files = sources.keys.sorted().map { path in
            (path, Scanner.scan(bytes: Array(sources[path]!.utf8), runtimeModule: "DIRuntime"))
        }
        return Linker.linkEveryType(
            files: files, properties: .emptyMapping, importedModules: [], runtimeModule: "DIRuntime", exportLinks: true)
    }

    static func incremental(_ sources: Sources, after previous: LinkState?) throws -> IncrementalLink {
        try #require(
            IncrementalLinker.link(
                inputs(sources), properties: .emptyMapping, importedModules: [], runtimeModule: "DIRuntime",
                exportLinks: true, previous: previous))
    }

    @Test func everyEditLinksLikeAFreshLink() throws {
        var sources = Self.base
        var state = try Self.incremental(sources, after: nil).state
        for edit in Self.edits {
            for (path, text) in edit.changes { sources[path] = text }
            let link = try Self.incremental(sources, after: state)
            let fresh = Self.scratch(sources)
            #expect(link.graph == fresh.graph, "\(edit.name)")
            #expect(
                DiagnosticReport(link.diagnostics).sorted() == DiagnosticReport(fresh.diagnostics).sorted(),
                "\(edit.name)")
            // The state the incremental link keeps is the one a link from scratch would make.
            #expect(link.state == (try Self.incremental(sources, after: nil)).state, "\(edit.name)")
            state = link.state
        }
    }

    @Test func everyEditLinksLikeAFreshLinkFromKeptParts() throws {
        var sources = Self.base
        func link(after previous: LinkState?) throws -> IncrementalLink {
            try #require(
                IncrementalLinker.link(
                    Self.keptInputs(sources), properties: .emptyMapping, importedModules: [],
                    runtimeModule: "DIRuntime",
                    exportLinks: true, previous: previous))
        }
        var state = try link(after: nil).state
        #expect(state == (try Self.incremental(sources, after: nil)).state)
        for edit in Self.edits {
            for (path, text) in edit.changes { sources[path] = text }
            let kept = try link(after: state)
            let fresh = Self.scratch(sources)
            #expect(kept.graph == fresh.graph, "\(edit.name)")
            #expect(
                DiagnosticReport(kept.diagnostics).sorted() == DiagnosticReport(fresh.diagnostics).sorted(),
                "\(edit.name)")
            #expect(kept.state == (try Self.incremental(sources, after: nil)).state, "\(edit.name)")
            state = kept.state
        }
    }

    @Test func aKeptPartIsDecodedOnFirstReadAndAFailedDecodeIsStoodInFor() throws {
        let facts = Scanner.scan(bytes: Array(Self.base["Sources/Service.swift"]!.utf8), runtimeModule: "DIRuntime")
        let part = TablePart(of: facts)
        let good = LinkSources(paths: ["A.swift"], facts: [nil], loaders: [FactsLoader { facts }], parts: [part])
        #expect(good.hasDiagnostics(0) == false)
        #expect(good[0].facts == facts)
        #expect(!good.failed)
        let bad = LinkSources(paths: ["A.swift"], facts: [nil], loaders: [FactsLoader { nil }], parts: [part])
        #expect(bad[0].facts.declarations.map(\.name) == Array(part.names))
        #expect(bad.failed, "the link is then redone from decoded facts")
    }

    @Test func aDetailEditRelinksOnlyTheEditedType() throws {
        let first = try Self.incremental(Self.base, after: nil)
        #expect(first.counts.typesRelinked == 4)
        #expect(first.counts.typesReused == 0)
        var sources = Self.base
        sources["Sources/Base.swift"] = Self.base["Sources/Base.swift"]!.replacingOccurrences(
            of: "func inject(_ store: Store) {}", with: "func inject(store: Store) {}")
        let second = try Self.incremental(sources, after: first.state)
        // `BaseWorker`'s registration and the member dependencies of its file.
        #expect(second.counts.typesRelinked == 1)
        #expect(second.counts.typesReused == 3)
        #expect(second.counts.filesRelinked == 1)
        #expect(second.counts.changedNames == 0)
        // Same interfaces: the stored views are taken over, not recomputed, and stay those of a fresh link.
        #expect(second.state.views.interfaces == first.state.views.interfaces)
        #expect(second.state.views == (try Self.incremental(sources, after: nil)).state.views)
        let unchanged = try Self.incremental(sources, after: second.state)
        #expect(unchanged.counts.typesRelinked == 0)
        #expect(unchanged.counts.filesRelinked == 0)
    }

    @Test func aPreviousStateAskedForAfterTheTableLinksLikeOneGivenUpFront() throws {
        let first = try Self.incremental(Self.base, after: nil)
        var sources = Self.base
        sources["Sources/Base.swift"] = Self.base["Sources/Base.swift"]!.replacingOccurrences(
            of: "func inject(_ store: Store) {}", with: "func inject(store: Store) {}")
        var asked = 0
        let awaited = try #require(
            IncrementalLinker.link(
                Self.inputs(sources), properties: .emptyMapping, importedModules: [], runtimeModule: "DIRuntime",
                exportLinks: true,
                loadingPrevious: {
                    asked += 1
                    return first.state
                }))
        let given = try Self.incremental(sources, after: first.state)
        #expect(asked == 1)
        #expect(awaited.graph == given.graph)
        #expect(awaited.diagnostics == given.diagnostics)
        #expect(awaited.counts == given.counts)
        #expect(awaited.counts.typesReused == 3)
        #expect(awaited.state == given.state)
    }

    @Test func anInterfaceEditRelinksOnlyTheTypesThatLookedItUp() throws {
        let first = try Self.incremental(Self.base, after: nil)
        var sources = Self.base
        // A new registered type in a file nobody looks into: only the new type is linked.
        sources["Sources/Plain.swift"]! += "final class Extra: Component { init() {} }\n"
        let second = try Self.incremental(sources, after: first.state)
        // `Point` (its file's interface changed) and `Extra` have new views, but no unit looked them up.
        #expect(second.counts.changedNames == 0)
        #expect(second.state.views.interfaces != first.state.views.interfaces)
        #expect(second.counts.typesRelinked == 1)
        #expect(second.counts.typesReused == 4)
        #expect(second.graph == Self.scratch(sources).graph)
        // `Backend` now names the protocol: `Client`, which resolves it, is linked again; `BaseWorker`
        // (another file, no look-up of anything in Store.swift but `Store`) too, `Extra` is not.
        sources["Sources/Store.swift"] = Self.base["Sources/Store.swift"]!.replacingOccurrences(
            of: "typealias Backend = DiskStore", with: "typealias Backend = Store")
        let third = try Self.incremental(sources, after: second.state)
        #expect(third.counts.typesRelinked == 4)
        #expect(third.counts.typesReused == 1)
        #expect(third.graph == Self.scratch(sources).graph)
    }

    /// Enough registrations and kept descriptions for the assembly to use its other threads
    /// (`Linker.backgroundWorkMinimum`): the graph is still that of a fresh link.
    @Test func largeGraphsAssembledOnBothCoresLinkLikeAFreshLink() throws {
        var sources: Sources = [
            "Sources/Protocols.swift": """
            protocol Named {}
            protocol Repository { associatedtype Item }
            final class Directory: Autowired {
                init(_ all: [Named]) {}
            }
            """
        ]
        for file in 0..<12 {
            sources["Sources/File\(file).swift"] = (0..<100).map { index in
                let extra = index % 10 == 0 ? ", Repository" : ""
                return "final class Type\(file)_\(index): Named, Component\(extra) { typealias Item = Int; init() {} }"
            }.joined(separator: "\n")
        }
        let first = try Self.incremental(sources, after: nil)
        #expect(first.graph.registrations.count >= Linker.backgroundWorkMinimum)
        sources["Sources/File3.swift"]! += "\nfinal class Added: Named, Component { init() {} }\n"
        let second = try Self.incremental(sources, after: first.state)
        #expect(second.state.types.count >= Linker.backgroundWorkMinimum)
        #expect(second.graph == Self.scratch(sources).graph)
        // Export links name the exportable supertypes only (not the protocol with an associated type).
        let links = second.graph.registrations.first { $0.id.typeName == "Type3_10" }?.links
        #expect(links == ["Named"])
        #expect(second.graph.registrations.first { $0.id.typeName == "Added" }?.links == ["Named"])
        // The assembly indexes the supertypes it noted while describing (kept descriptions included): resolved
        // again from `graph.types`, every candidate and link stays (the links already hold the export links).
        var again = second.graph
        LinkResolution.apply(to: &again) { _ in nil }
        #expect(again == second.graph)
        let directory = again.registrations.first { $0.id.typeName == "Directory" }
        #expect(directory?.dependencies.first?.candidates.count == 1201)
    }

    @Test func keptDescriptionsAreThoseOfViewedNamesThatAreNotStale() throws {
        let link = try Self.incremental(Self.base, after: nil)
        let state = link.state
        #expect(IncrementalLinker.describedBefore(in: nil, stale: []).isEmpty)
        // Without the stale names of a comparison, nothing is known to be still right.
        #expect(IncrementalLinker.describedBefore(in: state, stale: nil).isEmpty)
        let viewed = state.types.filter { state.views.dependencies[NameViews.digest(of: $0.key)] != nil }
        #expect(viewed["Store"] != nil)
        #expect(IncrementalLinker.describedBefore(in: state, stale: []) == viewed)
        let kept = IncrementalLinker.describedBefore(in: state, stale: [NameViews.digest(of: "Store")])
        #expect(kept["Store"] == nil)
        #expect(kept.count == viewed.count - 1)
    }

    @Test func onlyNamesThatLinkWorkReachesAreViewedAndDescribed() throws {
        let link = try Self.incremental(Self.base, after: nil)
        let point = NameViews.digest(of: "Point")
        // Views are kept for the names units looked up, and only for those.
        #expect(!link.state.views.views.isEmpty)
        #expect(Set(link.state.views.views.keys).isSubset(of: link.state.reads))
        #expect(link.state.views.views[point] == nil)
        #expect(link.state.views.views[NameViews.digest(of: "Store")] != nil)
        // The graph describes registered types and dependency types, not a plain type nothing names.
        #expect(Set(link.graph.types.keys) == ["BaseWorker", "Client", "DiskStore", "Service", "Store"])
        let described = Linker.link(
            files: Self.base.keys.sorted().map { path in
                (path, Scanner.scan(bytes: Array(Self.base[path]!.utf8), runtimeModule: "DIRuntime"))
            }, properties: .emptyMapping, describing: ["Point"])
        #expect(described.graph.types["Point"]?.kind == .struct)
        // A name a unit looked up but the table did not know, once declared, redoes that unit.
        var sources = Self.base
        sources["Sources/Plain.swift"]! += "final class MemoryStore: Store, Component { init() {} }\n"
        sources["Sources/Store.swift"] = Self.base["Sources/Store.swift"]!.replacingOccurrences(
            of: "typealias Backend = DiskStore", with: "typealias Backend = MemoryStore")
        let edited = try Self.incremental(sources, after: link.state)
        #expect(edited.counts.changedNames > 0)
        #expect(edited.graph == Self.scratch(sources).graph)
    }

    @Test func theStateFileRoundTripsAndRejectsDamage() throws {
        var sources = Self.base
        for edit in Self.edits.prefix(6) { for (path, text) in edit.changes { sources[path] = text } }
        let state = try Self.incremental(sources, after: nil).state
        let bytes = LinkStateFile.encode(state, identity: "v1")
        #expect(LinkStateFile.decode(bytes, identity: "v1") == state)
        #expect(LinkStateFile.decode(bytes, identity: "v2") == nil)
        #expect(LinkStateFile.decode(Array(bytes.dropLast()), identity: "v1") == nil)
        #expect(LinkStateFile.decode([], identity: "v1") == nil)
        for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            var damaged = bytes
            damaged[offset] ^= 0x5A
            #expect(LinkStateFile.decode(damaged, identity: "v1") == nil)
        }
    }
}
