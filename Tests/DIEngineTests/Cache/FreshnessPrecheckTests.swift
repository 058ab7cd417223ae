import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// The lookups checked beside the walk (`FreshnessPrecheck`) are those `SourceCache.lookup` would make,
/// and a lookup that takes them gives the same result as one that does not.
@Suite struct FreshnessPrecheckTests {
    /// What `CacheLoadAhead` expects.
    private static let identity = CacheIdentity(toolVersion: VersionInfo.version, runtimeModule: "DIRuntime")

    /// A cache of three files saved and loaded again, with `F1` touched since (the tree must be kept alive).
    private static func touchedTree() throws -> (tree: SourceTree, files: [String], cache: SourceCache) {
        let tree = try SourceTree()
        let files = try tree.saveSampleCache(identity: identity)
        TemporaryDirectory.setModificationTime(of: files[1], seconds: 1_650_000_000)
        let cache = SourceCache.load(from: tree.cacheFile, identity: identity, lazyFacts: true).cache
        return (tree, files, cache)
    }

    private static func precheck(_ files: [String], against cache: SourceCache) throws -> FreshnessPrecheck {
        let feed = WalkFeed()
        let statuses = try files.map { file throws(FileSystemError) -> FileStatus? in try FileStatus.of(path: file) }
        feed.append(files: files, statuses: statuses)
        feed.finish()
        return FreshnessPrecheck.run(feed, against: cache, workingDirectory: "/")
    }

    @Test func freshFilesArePrecheckedAndTouchedOnesLeftToTheLookup() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        var precheck = try Self.precheck(files, against: cache)
        let taken = precheck.take(for: files)
        let checked = try #require(taken)
        #expect(checked.isFresh == [true, false, true])
        #expect(checked.freshCount == 2)
        var inLine = cache
        let expected = inLine.lookup(files, now: CacheRun.now)
        #expect(
            FileLookup.summary([checked.lookups[0], checked.lookups[2]])
                == FileLookup.summary([expected[0], expected[2]]))
        // Taken once: the lookups moved out, nothing is left to take.
        let again = precheck.take(for: files)
        #expect(again?.lookups.isEmpty ?? true)
    }

    /// `sources` looked up in two copies of `cache`, without and with their precheck.
    private static func lookups(_ sources: [String], in cache: SourceCache) throws -> (
        plain: SourceCache, prechecked: SourceCache
    ) {
        var precheck = try Self.precheck(sources, against: cache)
        var plain = cache
        var prechecked = cache
        let expected = plain.lookup(sources, now: CacheRun.now)
        let taken = prechecked.lookup(sources, prechecked: precheck.take(for: sources), now: CacheRun.now)
        #expect(FileLookup.summary(taken) == FileLookup.summary(expected))
        #expect(prechecked.statistics == plain.statistics)
        return (plain, prechecked)
    }

    @Test func aLookupTakingThePrecheckEqualsOneWithout() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        let (plain, prechecked) = try Self.lookups(files, in: cache)
        #expect(prechecked.statistics.description == "3 files: 3 from cache, 1 hashed, 0 scanned")
        #expect(prechecked.encoded() == plain.encoded())
    }

    /// A file gone from the sources and a new one: the prechecked lookup drops and adds entries like the other.
    @Test func aPrecheckedLookupDropsAndAddsEntriesLikeThePlainOne() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        let sources = [files[0], try tree.add("New.swift", "class New {}")]
        let (plain, prechecked) = try Self.lookups(sources, in: cache)
        #expect(prechecked.droppedEntries == 2 && plain.droppedEntries == 2)
        #expect(prechecked.newFiles == plain.newFiles)
        #expect(Set(prechecked.entries.keys) == Set(plain.entries.keys))
    }

    /// Files that are not fresh are read beside the walk; one whose content changed is scanned there too,
    /// and a lookup taking those examinations equals one that makes its own.
    @Test func changedFilesAreExaminedAndScannedBesideTheWalk() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        let edited = try tree.add("F2.swift", "class F2Edited {}")
        let feed = WalkFeed()
        let statuses = try files.map { file throws(FileSystemError) -> FileStatus? in try FileStatus.of(path: file) }
        feed.append(files: files, statuses: statuses)
        feed.finish()
        var scannedPaths: [String] = []
        var precheck = FreshnessPrecheck.run(feed, against: cache, workingDirectory: "/") { path, bytes in
            scannedPaths.append(path)
            let facts = RecordingScanner.facts(for: bytes)
            return PrescannedFile(facts: facts, encoded: FactsCodec.encode(facts))
        }
        #expect(scannedPaths == [edited])
        let taken = precheck.take(for: files)
        let checked = try #require(taken)
        #expect(checked.isFresh == [true, false, false])
        #expect(checked.examinations.keys.sorted() == [1, 2])
        #expect(checked.prescanned.keys.sorted() == [2])
        #expect(checked.prescanned[2]?.facts == RecordingScanner.facts(for: Array("class F2Edited {}".utf8)))
        var plain = cache
        var prechecked = cache
        let expected = plain.lookup(files, now: currentTimeNanoseconds())
        let lookups = prechecked.lookup(files, prechecked: checked, now: currentTimeNanoseconds())
        #expect(FileLookup.summary(lookups) == FileLookup.summary(expected))
        #expect(prechecked.statistics.description == "3 files: 2 from cache, 2 hashed, 0 scanned")
    }

    @Test func otherSourcesThanTheCheckedOnesGetNoPrecheck() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        var precheck = try Self.precheck(files, against: cache)
        let reversed = precheck.take(for: files.reversed())
        let shorter = precheck.take(for: Array(files.dropLast()))
        let longer = precheck.take(for: files + [files[0]])
        let same = precheck.take(for: files)
        #expect(reversed == nil && shorter == nil && longer == nil)
        #expect(same?.freshCount == 2)
    }

    /// Relative candidates under a working directory take the stat table's own keys (`StoredKeyCursor`): the
    /// keys, with a new file among them, are those built in full, and the fresh lookups the same.
    @Test func relativeCandidatesPrecheckLikeTheLookup() throws {
        let (tree, files, cache) = try Self.touchedTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.add("F10.swift", "class F10 {}")
        let directory = tree.directory.path
        let sources = ["Sources/F0.swift", "Sources/F1.swift", "Sources/F10.swift", "Sources/F2.swift"]
        #expect(
            files.map { String($0.dropFirst(directory.count + 1)) } == [
                "Sources/F0.swift", "Sources/F1.swift", "Sources/F2.swift",
            ])
        let feed = WalkFeed()
        let statuses = try sources.map { file throws(FileSystemError) -> FileStatus? in
            try FileStatus.of(path: directory + "/" + file)
        }
        feed.append(files: sources, statuses: statuses)
        feed.finish()
        var precheck = FreshnessPrecheck.run(feed, against: cache, workingDirectory: directory)
        let taken = precheck.take(for: sources)
        let checked = try #require(taken)
        #expect(checked.isFresh == [true, false, false, true])
        #expect(checked.lookups.map(\.key) == sources.map { directory + "/" + $0 })
        // The fresh ones are those the cache gives for the keys built in full.
        for index in [0, 3] {
            let key = AbsolutePath.of(sources[index], relativeTo: directory)
            let built = cache.freshLookup(path: sources[index], key: key, status: statuses[index])
            #expect(FileLookup.summary([checked.lookups[index]]) == FileLookup.summary(built.map { [$0] } ?? []))
        }
    }

    /// The load ahead of the inventory takes the feed and prechecks what it carries.
    @Test func theLoadAheadPrechecksTheFeed() throws {
        let (tree, files, _) = try Self.touchedTree()
        let settings = TargetSettings(
            name: "App", configPath: "deli.yml", configDirectory: ".", include: [], className: "AppFactory",
            outputPath: "AppFactory.swift", outputReference: "AppFactory.swift",
            cacheDirectory: tree.directory.path + "/.dibuild")
        let feed = WalkFeed()
        let ahead = try #require(
            CacheLoadAhead.start(
                for: settings, mode: .readWrite, lazyFacts: true, feed: feed, workingDirectory: "/"))
        let statuses = try files.map { file throws(FileSystemError) -> FileStatus? in try FileStatus.of(path: file) }
        feed.append(files: files, statuses: statuses)
        feed.finish()
        var loaded = ahead.wait()
        let taken = loaded.precheck?.take(for: files)
        let checked = try #require(taken)
        #expect(checked.isFresh == [true, false, true])
    }
}
