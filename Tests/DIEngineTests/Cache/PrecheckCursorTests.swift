import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// The precheck reaches the stat table's entries by going through its slots beside the walk
/// (`StoredKeyCursor`): entries removed and added by the journal between stored ones, and a walk in
/// another order than the table's, give the lookups a plain lookup gives.
@Suite struct PrecheckCursorTests {
    private static let identity = CacheIdentity(toolVersion: VersionInfo.version, runtimeModule: "DIRuntime")

    /// The sample cache of `F0`–`F2`, then a run without `F1` and with a new `F10` (between `F1` and `F2`
    /// in byte order) appended to its journal: `F1`'s slot is emptied, `F10` is added beside the slots.
    private static func journalledTree() throws -> (tree: SourceTree, cache: SourceCache) {
        let tree = try SourceTree()
        let files = try tree.saveSampleCache(identity: identity)
        let added = try tree.add("F10.swift", "class F10 {}")
        var cache = SourceCache.load(from: tree.cacheFile, identity: identity).cache
        let lookups = cache.lookup([files[0], added, files[2]], now: CacheRun.now)
        _ = cache.resolveFacts(lookups) { RecordingScanner.facts(for: $1) }
        #expect(cache.save(to: tree.cacheFile) == nil)
        let reloaded = SourceCache.load(from: tree.cacheFile, identity: identity, lazyFacts: true).cache
        return (tree, reloaded)
    }

    /// `sources` (relative to the tree) prechecked against `cache`, checked against a plain lookup of them.
    private static func prechecked(_ sources: [String], in tree: SourceTree, cache: SourceCache) throws
        -> PrecheckedLookups
    {
        let directory = tree.directory.path
        let statuses = try sources.map { file throws(FileSystemError) -> FileStatus? in
            try FileStatus.of(path: directory + "/" + file)
        }
        let feed = WalkFeed()
        feed.append(files: sources, statuses: statuses)
        feed.finish()
        var precheck = FreshnessPrecheck.run(feed, against: cache, workingDirectory: directory)
        let taken = precheck.take(for: sources)
        let checked = try #require(taken)
        #expect(checked.lookups.map(\.key) == sources.map { directory + "/" + $0 })
        var plain = cache
        let expected = plain.lookup(sources, statuses: statuses, workingDirectory: directory, now: CacheRun.now)
        let fresh = sources.indices.filter { checked.isFresh[$0] }
        #expect(FileLookup.summary(fresh.map { checked.lookups[$0] }) == FileLookup.summary(fresh.map { expected[$0] }))
        return checked
    }

    @Test func theJournalEmptiesAndAddsEntriesBetweenStoredOnes() throws {
        let (tree, cache) = try Self.journalledTree()
        let directory = tree.directory.path
        #expect(cache.entries.storedCount == 3 && cache.entries.count == 3)
        #expect(cache.entries.key(at: 1) == directory + "/Sources/F1.swift" && cache.entries.entry(at: 1) == nil)
        #expect(cache.entries.keys == ["F0", "F10", "F2"].map { directory + "/Sources/\($0).swift" })
    }

    @Test func addedAndRemovedFilesBetweenStoredEntriesPrecheckLikeTheLookup() throws {
        let (tree, cache) = try Self.journalledTree()
        let sources = ["Sources/F0.swift", "Sources/F10.swift", "Sources/F2.swift"]
        let checked = try Self.prechecked(sources, in: tree, cache: cache)
        #expect(checked.isFresh == [true, true, true])
        // `F1` is back: its slot is found, but it has no entry any more.
        let again = try Self.prechecked(
            ["Sources/F0.swift", "Sources/F1.swift"] + sources.dropFirst(), in: tree, cache: cache)
        #expect(again.isFresh == [true, false, true, true])
        #expect(again.examinations[1]?.previous == nil)
    }

    /// A walk in another order than the table's: what the cursor passed is found by its key instead.
    @Test func aWalkInAnotherOrderFallsBackToTheKeys() throws {
        let (tree, cache) = try Self.journalledTree()
        let sources = ["Sources/F2.swift", "Sources/F10.swift", "Sources/F0.swift", "Sources/F3.swift"]
        try tree.add("F3.swift", "class F3 {}")
        let checked = try Self.prechecked(sources, in: tree, cache: cache)
        #expect(checked.isFresh == [true, true, true, false])
    }
}
