import Testing

@testable import DIEngine

/// What a relink finds changed in the previous link's views: looking only at the stale names when the
/// stored state's dependencies count as many as its reads (`NameViewer.changed(amongReads:since:stale:)`)
/// must find what looking at every read finds, and the filter the units' reads are checked against
/// (`DigestFilter`) must answer as a set does.
@Suite struct ChangedViewsTests {
    /// A viewer over `sources`, as a relink makes it.
    static func viewer(_ sources: IncrementalLinkTests.Sources) -> NameViewer {
        let inputs = IncrementalLinkTests.inputs(sources)
        let session = LinkSession(
            sources: LinkSources(paths: inputs.map(\.path), facts: inputs.map(\.facts), loaders: [], parts: []))
        return NameViewer(session: session, interfaceDigests: inputs.map(\.interfaceDigest))
    }

    @Test func theStaleNamesAloneGiveWhatEveryReadGives() throws {
        var sources = IncrementalLinkTests.base
        var state = try IncrementalLinkTests.incremental(sources, after: nil).state
        var sawChange = false
        for edit in IncrementalLinkTests.edits {
            for (path, text) in edit.changes { sources[path] = text }
            #expect(state.views.dependencies.count == state.readList.count, "\(edit.name)")
            let everyRead = Self.viewer(sources)
            let staleOnly = Self.viewer(sources)
            let stale = everyRead.stale(since: state.views)
            let expected = everyRead.changed(among: state.readList, since: state.views, stale: stale)
            let found = staleOnly.changed(amongReads: state.readList, since: state.views, stale: stale)
            #expect(found == expected, "\(edit.name)")
            #expect(staleOnly.viewedAgain == everyRead.viewedAgain, "\(edit.name)")
            sawChange = sawChange || !expected.isEmpty
            state = try IncrementalLinkTests.incremental(sources, after: state).state
        }
        #expect(sawChange)
    }

    @Test func aReadWithoutStoredDependenciesIsChangedWhateverIsStale() throws {
        let sources = IncrementalLinkTests.base
        var state = try IncrementalLinkTests.incremental(sources, after: nil).state
        let reads = state.readList
        let dropped = try #require(reads.first { state.views.dependencies[$0] != nil })
        state.views.dependencies[dropped] = nil
        let viewer = Self.viewer(sources)
        // Nothing edited: no name is stale, yet the read whose dependencies are missing cannot be trusted.
        let stale = viewer.stale(since: state.views)
        #expect(stale == [])
        #expect(viewer.changed(amongReads: reads, since: state.views, stale: stale) == [dropped])
    }

    @Test func aDigestFilterAnswersAsASetDoes() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 5, 16, 17, 64, 300] {
            let members = Set((0..<size).map { _ in UInt64.random(in: .min ... .max, using: &generator) })
            let filter = DigestFilter(members)
            #expect(filter.isEmpty == members.isEmpty)
            var probes = Array(members)
            // Digests sharing a member's low six bits, which pass the bit test, and digests at random.
            probes += members.map { $0 ^ (1 << 40) }
            probes += (0..<2_000).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            for probe in probes {
                #expect(filter.contains(probe) == members.contains(probe), "size \(size), probe \(probe)")
            }
        }
    }
}
