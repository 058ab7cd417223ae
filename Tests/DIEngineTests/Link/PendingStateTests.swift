import TestSupport
import Testing

@testable import DIEngine

/// The record a link appends is made from what it redid (`PendingState.changes(since:)`); it must be the
/// record a comparison of the whole states gives, byte for byte, whatever the edit.
@Suite struct PendingStateTests {
    typealias Sources = IncrementalLinkTests.Sources

    /// `previous` as a build reads it: from a file, with the bytes of its units.
    static func reloaded(_ state: LinkState) throws -> LinkState {
        try #require(LinkStateFile.decode(LinkStateFile.encode(state, identity: "v1"), identity: "v1"))
    }

    static func expectSameRecord(after previous: LinkState, _ link: IncrementalLink, _ comment: String) throws {
        let pending = try #require(link.pendingState)
        var changes = pending.changes(since: previous)
        let direct = LinkStateFile.encodeRecord(changes, over: previous)
        let compared = LinkStateFile.encodeChanges(from: previous, to: link.state)
        #expect(direct.record == compared.record, "\(comment)")
        #expect(direct.changes == compared.changes, "\(comment)")
        var applied = previous
        changes.move(into: &applied)
        #expect(applied == link.state, "\(comment)")
    }

    @Test(arguments: [false, true])
    func everyEditAppendsTheChangesOfTheWholeStates(fromFile: Bool) throws {
        var sources = IncrementalLinkTests.base
        var state = try IncrementalLinkTests.incremental(sources, after: nil).state
        for edit in IncrementalLinkTests.edits {
            for (path, text) in edit.changes { sources[path] = text }
            let previous = fromFile ? try Self.reloaded(state) : state
            let link = try IncrementalLinkTests.incremental(sources, after: previous)
            // Asked for before the whole state is made, as a save does.
            try Self.expectSameRecord(after: previous, link, edit.name)
            state = link.state
        }
    }

    @Test func anUnchangedLinkHasNoChanges() throws {
        let first = try Self.reloaded(try IncrementalLinkTests.incremental(IncrementalLinkTests.base, after: nil).state)
        let again = try IncrementalLinkTests.incremental(IncrementalLinkTests.base, after: first)
        let changes = try #require(again.pendingState).changes(since: first)
        #expect(!changes.change(first))
        #expect(changes.typeUnits.isEmpty && changes.fileUnits.isEmpty && changes.dependencies.isEmpty)
    }

    @Test func removingEveryDIFileRemovesItsUnitsAndReads() throws {
        let first = try Self.reloaded(try IncrementalLinkTests.incremental(IncrementalLinkTests.base, after: nil).state)
        var sources = IncrementalLinkTests.base
        sources["Sources/Service.swift"] = "struct Plain {}"
        let link = try IncrementalLinkTests.incremental(sources, after: first)
        try Self.expectSameRecord(after: first, link, "Service.swift emptied")
        let changes = try #require(link.pendingState).changes(since: first)
        #expect(changes.typeUnits.removals.sorted() == ["Client", "Service"])
        #expect(!changes.dependencies.removals.isEmpty)
    }
}

extension PendingStateTests {
    @Test func anEditHighInAHierarchyAppendsTheViewsItChanged() throws {
        let base = NameViewInvalidationTests.base
        let first = try Self.reloaded(try IncrementalLinkTests.incremental(base, after: nil).state)
        var sources = base
        sources["Sources/Root.swift"] = "protocol Root: Other {}\n"
        let link = try IncrementalLinkTests.incremental(sources, after: first)
        try Self.expectSameRecord(after: first, link, "Root gains a supertype")
        let changes = try #require(link.pendingState).changes(since: first)
        #expect(changes.typeUnits.upserts.map(\.key) == ["Leaf"])
        #expect(!changes.views.upserts.isEmpty)
    }
}

extension PendingStateTests {
    /// A build's save: the link's changes appended to the file it read, which then loads as the link's
    /// state; the whole state is never made.
    @Test func aSaveAppendsTheLinksChangesWithoutMakingTheWholeState() throws {
        let directory = try TemporaryDirectory(prefix: "pendingstate")
        let path = directory.path + "/App.dilink"
        var sources = IncrementalLinkTests.base
        let first = try IncrementalLinkTests.incremental(sources, after: nil).state
        _ = try LinkStateFile.save(first, to: path, identity: "v1").get()
        var previous = try #require(LinkStateFile.load(from: path, identity: "v1"))
        for edit in IncrementalLinkTests.edits {
            for (path, text) in edit.changes { sources[path] = text }
            let link = try IncrementalLinkTests.incremental(sources, after: previous)
            let pending = try #require(link.pendingState)
            var madeWhole = false
            let written = try LinkStateFile.save(
                previous: previous, to: path, identity: "v1", changes: { pending.changes(since: $0) },
                state: {
                    madeWhole = true
                    return pending.state
                }
            ).get()
            #expect(written.appended, "\(edit.name)")
            #expect(!madeWhole, "\(edit.name)")
            previous = try #require(LinkStateFile.load(from: path, identity: "v1"))
            #expect(previous == link.state, "\(edit.name)")
        }
    }
}

extension PendingStateTests {
    /// The facts digests a record removes are looked for only among the files of redone or gone units: one
    /// a reused unit still has stays, one no unit has any more goes, whether its file is left or deleted.
    @Test func aFileNoUnitHasAnyMoreLosesItsDigestAndOnlyThen() throws {
        let base: Sources = [
            "Sources/Store.swift": """
            final class DiskStore: Component {
                init() {}
            }
            final class Cache: Component {
                init() {}
            }
            """,
            "Sources/StoreExtras.swift": """
            extension DiskStore {
                func flush() {}
            }
            """,
            "Sources/Client.swift": """
            final class Client: Autowired {
                init(store: DiskStore) {}
            }
            """,
        ]
        let edits: [(name: String, changes: [String: String?])] = [
            (
                "a component gone, its file another's",
                ["Sources/Store.swift": "final class DiskStore: Component {\n    init() {}\n}\nfinal class Cache {}\n"]
            ),
            ("an extension's file left without DI", ["Sources/StoreExtras.swift": "struct Unrelated {}\n"]),
            ("the extension back", ["Sources/StoreExtras.swift": "extension DiskStore {\n    func flush() {}\n}\n"]),
            ("the extension's file deleted", ["Sources/StoreExtras.swift": nil]),
            ("the last component's file emptied", ["Sources/Store.swift": "struct Plain {}\n"]),
        ]
        var sources = base
        var previous = try Self.reloaded(try IncrementalLinkTests.incremental(sources, after: nil).state)
        for edit in edits {
            for (path, text) in edit.changes { sources[path] = text }
            let link = try IncrementalLinkTests.incremental(sources, after: previous)
            try Self.expectSameRecord(after: previous, link, edit.name)
            let changes = try #require(link.pendingState).changes(since: previous)
            let gone = Set(previous.factsDigests.keys).subtracting(link.state.factsDigests.keys)
            #expect(Set(changes.factsDigests.removals) == gone, "\(edit.name)")
            previous = try Self.reloaded(link.state)
        }
    }
}
