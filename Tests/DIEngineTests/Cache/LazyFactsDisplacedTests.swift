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

/// `SourceCache.loadFacts(refreshing:)` finds the blobs of lookups in the stat table's order without hashing
/// their paths; in any order, with files added, removed, changed or stored again, it refreshes them as
/// `refreshed(_:)` does after `loadFacts()`.
@Suite struct RefreshAlongTheBlobsTests {
    static func cachedBlob(_ lookup: FileLookup) -> [UInt8]? {
        guard case .cached(let blob) = lookup.outcome else { return nil }
        return Array(blob)
    }

    @Test(arguments: [false, true])
    func refreshingAlongTheBlobsEqualsLookingUpEveryPath(reversed: Bool) throws {
        let tree = try SourceTree()
        let saved = try (0..<12).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        var cache = SourceCache(identity: CacheRun.identity)
        for (index, lookup) in cache.lookup(saved, now: CacheRun.now).enumerated() {
            cache.store(SampleFacts.make(index), for: lookup)
        }
        #expect(cache.save(to: tree.cacheFile) == nil)
        try tree.add("F5.swift", "class F5 { var changed = 1 }")
        try tree.add("F7.swift", "class F7 { var changed = 1 }")
        let added = try tree.add("F10a.swift", "class Added {}")
        var files = saved.filter { !$0.hasSuffix("F3.swift") && !$0.hasSuffix("F4.swift") } + [added]
        files.sort()
        if reversed { files.reverse() }

        func loaded() -> (SourceCache, [FileLookup]) {
            var (lazy, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
            var lookups = lazy.lookup(files, now: CacheRun.now)
            // Changed and scanned before the facts are read, with the lookup updated as a scan does.
            let stored = try! #require(lookups.firstIndex { $0.path.hasSuffix("F7.swift") })
            lazy.store(SampleFacts.make(40), for: lookups[stored])
            let entry = lazy.entries[lookups[stored].key]!
            lookups[stored] = FileLookup(
                path: lookups[stored].path, key: lookups[stored].key, outcome: .cached(entry.encodedFacts),
                entry: entry)
            return (lazy, lookups)
        }
        var (hashing, hashingLookups) = loaded()
        #expect(hashing.loadFacts() == nil)
        let expected = hashing.refreshed(hashingLookups)
        var (walking, refreshed) = loaded()
        #expect(walking.loadFacts(refreshing: &refreshed) == nil)

        #expect(refreshed.map(\.path) == expected.map(\.path))
        #expect(refreshed.map(\.key) == expected.map(\.key))
        #expect(refreshed.map(Self.cachedBlob) == expected.map(Self.cachedBlob))
        #expect(refreshed.map(\.entry) == expected.map(\.entry))
        #expect(walking.entries == hashing.entries)
        #expect(expected.compactMap(Self.cachedBlob).count == files.count - 2, "F5 and the added file need a scan")
        for (path, lookup) in zip(files, refreshed) {
            guard let blob = Self.cachedBlob(lookup), let index = saved.firstIndex(of: path) else { continue }
            #expect(try FactsReader.read(blob[...]) == SampleFacts.make(index == 7 ? 40 : index), "\(path)")
        }
    }
}
