import Testing

@testable import DIEngine

/// `SourceCache.loadFacts` gives the displaced entries (files changed since the cache was written) their
/// stored facts and keeps the facts stored since the load, whether few files changed (compared one by one)
/// or many (looked up).
@Suite struct LazyFactsDisplacedTests {
    @Test(arguments: [1, 3, 8, 9, 12])
    func displacedEntriesGetTheirStoredFactsAndStoresAreKept(changed: Int) throws {
        let tree = try SourceTree()
        let files = try (0..<14).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        var cache = SourceCache(identity: CacheRun.identity)
        for (index, lookup) in cache.lookup(files, now: CacheRun.now).enumerated() {
            cache.store(SampleFacts.make(index), for: lookup)
        }
        #expect(cache.save(to: tree.cacheFile) == nil)
        for index in 0..<changed { try tree.add("F\(index).swift", "class F\(index) { var changed = 1 }") }

        var (lazy, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        let lookups = lazy.lookup(files, now: CacheRun.now)
        #expect(lazy.displacedFacts.count == changed)
        // The last changed file is scanned again before the facts are read: its new facts stay.
        lazy.store(SampleFacts.make(40), for: lookups[changed - 1])
        #expect(lazy.loadFacts() == nil)
        for index in files.indices {
            let key = lookups[index].key
            if index < changed - 1 {
                let displaced = try #require(lazy.displacedFacts[key])
                #expect(try FactsReader.read(displaced) == SampleFacts.make(index), "F\(index)")
                #expect(lazy.entries[key] == nil, "F\(index) waits to be scanned")
            } else if index == changed - 1 {
                #expect(lazy.displacedFacts[key]?.isEmpty == true, "F\(index): stored again, as before")
                #expect(try FactsReader.read(try #require(lazy.entries[key]).encodedFacts) == SampleFacts.make(40))
            } else {
                #expect(lazy.displacedFacts[key] == nil)
                let entry = try #require(lazy.entries[key])
                #expect(try FactsReader.read(entry.encodedFacts) == SampleFacts.make(index), "F\(index)")
            }
        }
    }
}
