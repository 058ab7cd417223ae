import Foundation
import Testing

@testable import DIEngine

/// The cache loaded on a thread of its own beside the inventory (`CacheLoadAhead`) is the cache loaded in
/// line: intact, missing or damaged.
@Suite struct CacheLoadAheadTests {
    private static let identity = CacheIdentity(toolVersion: VersionInfo.version, runtimeModule: "DIRuntime")

    private static func settings(_ tree: SourceTree) -> TargetSettings {
        TargetSettings(
            name: "App", configPath: "deli.yml", configDirectory: ".", include: [], className: "AppFactory",
            outputPath: "AppFactory.swift", outputReference: "AppFactory.swift",
            cacheDirectory: tree.directory.path + "/.dibuild")
    }

    private static func loadedAhead(_ tree: SourceTree) throws -> CacheLoadAhead.Loaded {
        let ahead = try #require(CacheLoadAhead.start(for: settings(tree), mode: .readWrite, lazyFacts: true))
        return ahead.wait()
    }

    @Test func anIntactCacheLoadsAsInLine() throws {
        let tree = try SourceTree()
        _ = try tree.saveSampleCache(identity: Self.identity)

        let loaded = try Self.loadedAhead(tree)
        let inLine = SourceCache.load(from: tree.cacheFile, identity: Self.identity, lazyFacts: true)
        #expect(loaded.note == nil)
        #expect(loaded.cache.run == RunRecord(inputsDigest: 7, payload: [9]))
        #expect(loaded.cache.encoded() == inLine.cache.encoded())
        #expect(loaded.cache.entries.count == 3)
    }

    /// The walk is told how many files to expect as soon as the stat table's count is read, so that it can
    /// make room for them at once (`WalkFeed.expect`).
    @Test func theLoadTellsTheFeedHowManyFilesTheCacheHolds() throws {
        let tree = try SourceTree()
        _ = try tree.saveSampleCache(identity: Self.identity)
        let feed = WalkFeed()
        let ahead = try #require(
            CacheLoadAhead.start(
                for: Self.settings(tree), mode: .readWrite, lazyFacts: true, feed: feed,
                workingDirectory: tree.directory.path))
        feed.finish()
        let loaded = ahead.wait()
        #expect(loaded.cache.entries.count == 3)
        #expect(feed.expectedCount == 3)
    }

    @Test func aMissingCacheTellsTheFeedNothing() throws {
        let feed = WalkFeed()
        let ahead = try #require(
            CacheLoadAhead.start(
                for: Self.settings(try SourceTree()), mode: .readWrite, lazyFacts: true, feed: feed,
                workingDirectory: "/"))
        feed.finish()
        _ = ahead.wait()
        #expect(feed.expectedCount == nil)
    }

    @Test func aMissingCacheIsAnEmptyOneWithoutANote() throws {
        let loaded = try Self.loadedAhead(try SourceTree())
        #expect(loaded.note == nil)
        #expect(loaded.cache.entries.isEmpty)
        #expect(loaded.cache.run == nil)
    }

    @Test func aDamagedCacheIsAnEmptyOneWithANote() throws {
        let tree = try SourceTree()
        try FileManager.default.createDirectory(
            atPath: tree.directory.path + "/.dibuild", withIntermediateDirectories: true)
        try Data("not a cache at all, but long enough to have a prefix".utf8).write(
            to: URL(fileURLWithPath: tree.cacheFile))
        let loaded = try Self.loadedAhead(tree)
        #expect(loaded.note == "ignoring cache '\(tree.cacheFile)': not a dibuild cache file")
        #expect(loaded.cache.entries.isEmpty)
        #expect(loaded.cache.hasChanges)
    }

    @Test func noCacheModeStartsNoLoad() throws {
        #expect(CacheLoadAhead.start(for: Self.settings(try SourceTree()), mode: .disabled, lazyFacts: true) == nil)
    }
}
