import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// The replay decision of `IncrementalPolicy.plan`, case by case, and the inputs it is computed from.
@Suite struct BuildPlanTests {
    static let record = BuildRecord(factsDigest: 77, diagnostics: [], depfile: nil, outputs: [])
    static let intact = PreviousBuild(inputsDigest: 10, state: .intact(record))

    static func plan(
        cacheEnabled: Bool = true, previous: PreviousBuild? = intact, contentDigest: UInt64? = 10,
        facts: FactsChange? = nil
    ) -> BuildPlan? {
        IncrementalPolicy.plan(
            cacheEnabled: cacheEnabled, previous: previous, contentDigest: contentDigest, facts: facts)
    }

    @Test func sameInputsReplayWithoutLookingAtFacts() {
        #expect(Self.plan() == .replay(.inputsUnchanged))
        #expect(Self.plan(facts: FactsChange(digest: 1, changedFiles: 3)) == .replay(.inputsUnchanged))
    }

    @Test func changedSourcesNeedTheFactsThenReplayOrRelink() {
        #expect(Self.plan(contentDigest: 11) == nil)
        #expect(
            Self.plan(contentDigest: 11, facts: FactsChange(digest: 77, changedFiles: 0)) == .replay(.factsUnchanged))
        #expect(
            Self.plan(contentDigest: 11, facts: FactsChange(digest: 78, changedFiles: 3)) == .relink(changedFiles: 3))
    }

    @Test func withoutAUsablePreviousBuildItRebuilds() {
        #expect(Self.plan(cacheEnabled: false) == .rebuild(.cacheDisabled))
        #expect(Self.plan(contentDigest: nil) == .rebuild(.unreadableInput))
        #expect(Self.plan(previous: nil) == .rebuild(.noPreviousBuild))
        #expect(
            Self.plan(previous: PreviousBuild(inputsDigest: 10, state: .unreadable)) == .rebuild(.recordUnreadable))
        let changed = PreviousBuild(inputsDigest: 10, state: .outputChanged(path: "F.swift"))
        #expect(Self.plan(previous: changed) == .rebuild(.outputChanged(path: "F.swift")))
        // Whatever the facts: the outputs on disk are not the recorded ones.
        #expect(
            Self.plan(previous: changed, contentDigest: 11, facts: FactsChange(digest: 77, changedFiles: 0))
                == .rebuild(.outputChanged(path: "F.swift")))
    }

    @Test func theVerboseLineSaysWhatAndWhy() {
        #expect(BuildPlan.relink(changedFiles: 3).description == "relink (3 files changed facts)")
        #expect(BuildPlan.relink(changedFiles: 1).description == "relink (1 file changed facts)")
        #expect(BuildPlan.replay(.inputsUnchanged).description.hasPrefix("replay ("))
        #expect(BuildPlan.rebuild(.noPreviousBuild).description == "rebuild (no previous build recorded)")
    }

    @Test func previousBuildChecksTheRecordAndItsOutputsOnDisk() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("F.swift", "let x = 1\n")
        let stamp = BuildRecord.OutputStamp(expecting: "let x = 1\n", at: path)
        let record = BuildRecord(factsDigest: 5, diagnostics: [], depfile: nil, outputs: [stamp])
        let run = RunRecord(inputsDigest: 9, payload: record.encoded())
        #expect(PreviousBuild(run) == PreviousBuild(inputsDigest: 9, state: .intact(record)))
        try directory.write("F.swift", "let x = 2\n")
        #expect(PreviousBuild(run).state == .outputChanged(path: path))
        #expect(PreviousBuild(RunRecord(inputsDigest: 9, payload: [1, 2])).state == .unreadable)
    }

    @Test func theCacheTellsWhichFilesFactsChanged() throws {
        let tree = try SourceTree()
        let kept = try tree.add("Kept.swift", "a")
        let edited = try tree.add("Edited.swift", "b")
        let touched = try tree.add("Touched.swift", "c")
        let removed = try tree.add("Removed.swift", "d")
        let scanner = RecordingScanner()
        _ = CacheRun.run([kept, edited, touched, removed], cacheFile: tree.cacheFile, scanner: scanner)
        try tree.add("Edited.swift", "bb")
        // New content, same facts: the scanner stand-in's facts are the content, so rewrite the same bytes
        // with a new mtime.
        try tree.add("Touched.swift", "c", mtime: 1_600_000_100)
        let added = try tree.add("Added.swift", "e")

        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        let lookups = cache.lookup([kept, edited, touched, added], now: CacheRun.now)
        #expect(cache.newFiles == 1)
        #expect(cache.droppedEntries == 1)
        #expect(cache.displacedFacts.keys.sorted() == [edited])
        _ = cache.loadFacts()
        let previous = try #require(cache.displacedFacts[edited])
        #expect(try FactsReader.read(previous) == RecordingScanner.facts(for: Array("b".utf8)))
        _ = cache.resolveFacts(cache.refreshed(lookups)) { scanner.scan($0, $1) }
        // Edited, added, removed.
        #expect(cache.filesWithChangedFacts == 3)
    }
}
