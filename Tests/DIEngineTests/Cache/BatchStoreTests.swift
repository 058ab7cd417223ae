import Foundation
import Testing

@testable import DIEngine

@Suite struct BatchStoreTests {
    /// Storing many files at once (encoded in parallel) gives the same cache, byte for byte, as storing them
    /// one by one, including files whose facts bring keys the first file did not have.
    @Test func aBatchEqualsStoringOneByOne() throws {
        let tree = try SourceTree()
        let files = try (0..<40).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        let facts = files.indices.map { $0 % 7 == 0 ? FileFacts() : SampleFacts.make($0 % 3) }

        var single = SourceCache(identity: CacheRun.identity)
        for (lookup, facts) in zip(single.lookup(files, now: CacheRun.now), facts) { single.store(facts, for: lookup) }
        var batch = SourceCache(identity: CacheRun.identity)
        batch.store(facts, for: batch.lookup(files, now: CacheRun.now))

        #expect(batch.encoded() == single.encoded())
        #expect(batch.statistics == single.statistics)
        #expect(batch.statistics.scanned == 40)
    }
}
