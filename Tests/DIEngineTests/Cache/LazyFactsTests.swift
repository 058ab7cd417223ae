import Foundation
import Testing

@testable import DIEngine

/// A cache loaded head first (`build`'s no-op check), with its facts read only when needed.
@Suite struct LazyFactsTests {
    private func saved(_ tree: SourceTree) throws -> [String] {
        try tree.saveSampleCache(identity: CacheRun.identity)
    }

    @Test func theHeadAloneAnswersLookupsAndTheFactsFollowOnDemand() throws {
        let tree = try SourceTree()
        let files = try saved(tree)
        var (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        #expect(note == nil)
        #expect(cache.run == RunRecord(inputsDigest: 7, payload: [9]))
        var lookups = cache.lookup(files, now: CacheRun.now)
        #expect(cache.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
        #expect(cache.entries.values.allSatisfy { $0.encodedFacts.isEmpty })
        #expect(lookups.allSatisfy { $0.contentHash != nil })

        #expect(cache.loadFacts() == nil)
        lookups = cache.refreshed(lookups)
        let facts = cache.resolveFacts(lookups) { _, _ in FileFacts() }
        #expect(facts == (0..<3).map { SampleFacts.make($0) })
        #expect(cache.encoded() == SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache.encoded())
    }

    @Test func aHeadLongerThanTheFirstReadIsReadWhole() throws {
        let tree = try SourceTree()
        let files = try (0..<3).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        var stored = SourceCache(identity: CacheRun.identity)
        for (index, lookup) in stored.lookup(files, now: CacheRun.now).enumerated() {
            stored.store(SampleFacts.make(index), for: lookup)
        }
        // The run record is part of the head: this one makes it longer than a file read whole at once.
        let payload = (0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        stored.record(RunRecord(inputsDigest: 7, payload: payload))
        #expect(stored.save(to: tree.cacheFile) == nil)

        var (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        #expect(note == nil)
        #expect(cache.run == RunRecord(inputsDigest: 7, payload: payload))
        let lookups = cache.lookup(files, now: CacheRun.now)
        #expect(cache.loadFacts() == nil)
        let facts = cache.resolveFacts(cache.refreshed(lookups)) { _, _ in FileFacts() }
        #expect(facts == (0..<3).map { SampleFacts.make($0) })
    }

    @Test func damagedFactsBehindAnIntactHeadDropEveryEntry() throws {
        let tree = try SourceTree()
        let files = try saved(tree)
        var bytes = try LocalDisk.contents(of: tree.cacheFile).get()
        bytes[bytes.count - 20] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: tree.cacheFile))

        var (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        #expect(note == nil)
        _ = cache.lookup(files, now: CacheRun.now)
        #expect(
            cache.loadFacts()
                == "ignoring the facts in cache '\(tree.cacheFile)': corrupt or truncated (checksum mismatch)")
        #expect(cache.entries.isEmpty && cache.hasChanges)
        #expect(SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).note != nil)
    }

    @Test func aFactsBlobStoredBeforeLoadingFactsIsKept() throws {
        let tree = try SourceTree()
        let files = try saved(tree)
        try tree.add("F1.swift", "class F1 { var changed = 1 }")
        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        let lookups = cache.lookup(files, now: CacheRun.now)
        cache.store(SampleFacts.make(5), for: lookups[1])
        #expect(cache.loadFacts() == nil)
        let decoded = try files.map { file in
            let key = try #require(lookups.first { $0.path == file }?.key)
            return try cache.facts(of: try #require(cache.entries[key]).encodedFacts)
        }
        #expect(decoded == [SampleFacts.make(0), SampleFacts.make(5), SampleFacts.make(2)])
    }
}
