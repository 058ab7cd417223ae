import Testing

@testable import DIEngine

/// After an interface edit the incremental link views again only the looked-up names whose view depended
/// on what the edit changed (`NameViewer.stale(since:)`), and still links like a link from scratch.
@Suite struct NameViewInvalidationTests {
    static let base: IncrementalLinkTests.Sources = [
        "Sources/Root.swift": "protocol Root {}\n",
        "Sources/Mid.swift": "protocol Mid: Root {}\n",
        "Sources/Leaf.swift": "final class Leaf: Mid, Component {\n    init() {}\n}\n",
        "Sources/Other.swift": "protocol Other {}\nfinal class Loner: Component {\n    init() {}\n}\n",
        "Sources/User.swift": "final class User: Autowired {\n    init(_ mid: Mid) {}\n}\n",
    ]

    /// Links `sources` after `previous` and requires the graph, diagnostics and state of a fresh link.
    static func relink(_ sources: IncrementalLinkTests.Sources, after previous: LinkState) throws -> IncrementalLink {
        let link = try IncrementalLinkTests.incremental(sources, after: previous)
        let fresh = IncrementalLinkTests.scratch(sources)
        #expect(link.graph == fresh.graph)
        #expect(DiagnosticReport(link.diagnostics).sorted() == DiagnosticReport(fresh.diagnostics).sorted())
        #expect(link.state == (try IncrementalLinkTests.incremental(sources, after: nil)).state)
        return link
    }

    @Test func anEditHighInAHierarchyRelinksItsDependantsOnly() throws {
        let first = try IncrementalLinkTests.incremental(Self.base, after: nil)
        var sources = Self.base
        // `Root` gains a supertype: `Leaf` (through `Mid`) is registered under it, `Loner` is untouched.
        sources["Sources/Root.swift"] = "protocol Root: Other {}\n"
        let second = try Self.relink(sources, after: first.state)
        #expect(second.counts.changedNames > 0)
        #expect(second.counts.typesRelinked >= 1)
        #expect(second.state.typeUnits["Leaf"] != first.state.typeUnits["Leaf"])
        #expect(second.state.typeUnits["Loner"] == first.state.typeUnits["Loner"])
        // Names that did not depend on `Root` or its file (`Loner`, `Other`, `User`) are not viewed again.
        #expect(second.counts.viewedNames > 0)
        #expect(second.counts.viewedNames < first.state.reads.count)
        let viewedAgain = ["Root", "Mid", "Leaf"].filter { first.state.reads.contains(NameViews.digest(of: $0)) }
        #expect(second.counts.viewedNames == viewedAgain.count)

        // A middle link dropping its supertype, then the root file removed: `Leaf` follows each time.
        sources["Sources/Mid.swift"] = "protocol Mid {}\n"
        let third = try Self.relink(sources, after: second.state)
        #expect(third.state.typeUnits["Leaf"] != second.state.typeUnits["Leaf"])
        sources["Sources/Mid.swift"] = Self.base["Sources/Mid.swift"]
        let fourth = try Self.relink(sources, after: third.state)
        sources["Sources/Root.swift"] = nil
        let fifth = try Self.relink(sources, after: fourth.state)
        #expect(fifth.state.typeUnits["Leaf"] != fourth.state.typeUnits["Leaf"])
        #expect(fifth.state.typeUnits["Loner"] == first.state.typeUnits["Loner"])
    }

    @Test func aNameDeclaredWhereALookUpMissedIsViewedAgain() throws {
        var sources = Self.base
        sources["Sources/Scope.swift"] =
            "enum Outer {\n    final class Inner: Base, Component {\n        init() {}\n    }\n}\n"
        sources["Sources/Base.swift"] = "protocol Base {}\n"
        let first = try IncrementalLinkTests.incremental(sources, after: nil)
        // `Outer.Base`, which resolving `Inner`'s supertype tried first, now exists in another file.
        sources["Sources/Shadow.swift"] = "extension Outer {\n    protocol Base: Other {}\n}\n"
        let second = try Self.relink(sources, after: first.state)
        #expect(second.state.typeUnits["Outer.Inner"] != first.state.typeUnits["Outer.Inner"])
        #expect(second.state.typeUnits["Loner"] == first.state.typeUnits["Loner"])
    }

    @Test func anExtensionThroughARetargetedTypealiasViewsEveryName() throws {
        var sources = Self.base
        sources["Sources/Alias.swift"] = "typealias Backend = Leaf\n"
        sources["Sources/Extension.swift"] = "extension Backend: Other {}\n"
        let first = try IncrementalLinkTests.incremental(sources, after: nil)
        // The extension's file is unchanged, yet it now extends `Loner`: every looked-up name is viewed.
        sources["Sources/Alias.swift"] = "typealias Backend = Loner\n"
        let second = try Self.relink(sources, after: first.state)
        #expect(second.counts.viewedNames == first.state.reads.count)
        #expect(second.state.typeUnits["Loner"] != first.state.typeUnits["Loner"])
    }

    @Test func unitsReusedFromAStoredStateAreWrittenAsAFreshLinkWritesThem() throws {
        var sources = Self.base
        let first = try IncrementalLinkTests.incremental(sources, after: nil)
        let stored = try #require(
            LinkStateFile.decode(LinkStateFile.encode(first.state, identity: "t"), identity: "t"))
        sources["Sources/Root.swift"] = "protocol Root: Other {}\n"
        let second = try Self.relink(sources, after: stored)
        #expect(second.state.typeUnits["Loner"] == stored.typeUnits["Loner"])
        #expect(second.state.typeUnits["Leaf"] != stored.typeUnits["Leaf"])
        let fresh = try IncrementalLinkTests.incremental(sources, after: nil)
        #expect(LinkStateFile.encode(second.state, identity: "t") == LinkStateFile.encode(fresh.state, identity: "t"))
    }
}
