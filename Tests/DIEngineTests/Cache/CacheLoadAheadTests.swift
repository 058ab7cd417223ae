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

    /// The load fed `files`, one of them edited to `edit` first (same path), with the table image there.
    private static func loadedAhead(editing index: Int, to edit: String?, mode: CacheMode = .readWrite) throws -> (
        loaded: CacheLoadAhead.Loaded, image: TableImage.Loaded?
    ) {
        let tree = try SourceTree()
        defer { withExtendedLifetime(tree) {} }
        let files = try tree.saveSampleCache(identity: identity)
        let part = TablePart(of: Scanner.scan(bytes: Array("struct Kept {}".utf8), runtimeModule: "DIRuntime"))
        let entry = TableImage.Entry(path: "Kept.swift", factsDigest: 1, interfaceDigest: 2, part: part)
        let image = TableImage.encode([entry], identity: VersionInfo.version)
        try Data(image).write(to: URL(fileURLWithPath: tree.directory.path + "/.dibuild/App.ditable"))
        if let edit { try tree.add("F\(index).swift", edit) }
        let feed = WalkFeed()
        let ahead = try #require(
            CacheLoadAhead.start(for: settings(tree), mode: mode, lazyFacts: true, feed: feed, workingDirectory: "/"))
        let statuses = try files.map { file throws(FileSystemError) -> FileStatus? in try FileStatus.of(path: file) }
        feed.append(files: files, statuses: statuses)
        feed.finish()
        let loaded = ahead.wait()
        return (loaded, loaded.readsTableImage ? ahead.tableImage() : nil)
    }

    /// A file scanned beside the walk with facts other than its cached ones: the run will relink, so the
    /// thread reads the table image after handing over the cache.
    @Test func aChangedFactsFoundBesideTheWalkHaveTheThreadReadTheTableImage() throws {
        let (loaded, image) = try Self.loadedAhead(editing: 1, to: "final class Edited: Component {}")
        #expect(loaded.readsTableImage)
        #expect(loaded.cache.entries.count == 3)
        #expect(image?.entries.map(\.path) == ["Kept.swift"])
        #expect(image?.note == "read 1 parts")
    }

    /// The cache is handed over moved: while the thread goes on to read the table image, the run's lookups
    /// are its own, so that changing them copies nothing (a copy kept by the thread made the lookup after
    /// a DI edit copy every lookup and every stat table entry).
    @Test func theHandedOverLookupsAreNotSharedWithTheThread() throws {
        let tree = try SourceTree()
        let files = try tree.saveSampleCache(identity: Self.identity)
        try tree.add("F1.swift", "final class Edited: Component {}")
        let feed = WalkFeed()
        let release = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        let started = CacheLoadAhead.start(
            for: Self.settings(tree), mode: .readWrite, lazyFacts: true, feed: feed, workingDirectory: "/",
            afterHandoff: {
                held.signal()
                release.wait()
            })
        let ahead = try #require(started)
        let statuses = try files.map { file throws(FileSystemError) -> FileStatus? in try FileStatus.of(path: file) }
        feed.append(files: files, statuses: statuses)
        feed.finish()
        var loaded = ahead.wait()
        held.wait()
        #expect(loaded.readsTableImage)
        // Taken as the lookup takes them: moved out, no copy left here.
        var lookups = loaded.precheck?.take(for: files)?.lookups ?? []
        let before = lookups.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let after = lookups.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
        release.signal()
        _ = ahead.tableImage()
        #expect(lookups.count == 3)
        #expect(before == after)
    }

    @Test func freshFilesOrACacheNotWrittenReadNoTableImage() throws {
        #expect(try !Self.loadedAhead(editing: 1, to: nil).loaded.readsTableImage)
        let readOnly = try Self.loadedAhead(editing: 1, to: "final class Edited: Component {}", mode: .readOnly)
        #expect(!readOnly.loaded.readsTableImage && readOnly.image == nil)
    }

    @Test func noCacheModeStartsNoLoad() throws {
        #expect(CacheLoadAhead.start(for: Self.settings(try SourceTree()), mode: .disabled, lazyFacts: true) == nil)
    }
}
