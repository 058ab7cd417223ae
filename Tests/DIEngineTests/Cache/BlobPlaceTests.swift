import Testing

@testable import DIEngine

/// The head's blob places (`BlobPlace`, a plain struct since `front19`): each entry's facts blob by path,
/// in the stat table's order, back to back in the blobs section.
@Suite struct BlobPlaceTests {
    @Test func headListsEachBlobWhereItsFactsLie() throws {
        let tree = try SourceTree()
        let files = try (0..<3).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        var cache = SourceCache(identity: CacheRun.identity)
        for (index, lookup) in cache.lookup(files, now: CacheRun.now).enumerated() {
            cache.store(SampleFacts.make(index), for: lookup)
        }
        #expect(cache.save(to: tree.cacheFile) == nil)
        let bytes = try LocalDisk.contents(of: tree.cacheFile).get()
        let head = try bytes.withUnsafeBytes { buffer in
            let length = try CacheFileFormat.headLength(buffer, fileSize: buffer.count)
            return try CacheFileFormat.decodeHead(
                UnsafeRawBufferPointer(rebasing: buffer[..<length]), expecting: CacheRun.identity)
        }
        let (loaded, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity)
        #expect(note == nil)
        #expect(head.blobs.count == files.count)
        #expect(zip(head.blobs, head.blobs.dropFirst()).allSatisfy { ByteOrder.precedes($0.path, $1.path) })
        var end = 0
        for blob in head.blobs {
            #expect(blob.start == end && blob.end > blob.start && blob.range == blob.start..<blob.end)
            let facts = Array(bytes[(head.headLength + blob.start)..<(head.headLength + blob.end)])
            #expect(facts == loaded.entries[blob.path].map { Array($0.encodedFacts) })
            end = blob.end
        }
        #expect(head.blobsRange == head.headLength..<(head.headLength + end))
    }

    @Test func importPathsAreDotted() {
        #expect(FileScan.dotted([]) == "")
        #expect(FileScan.dotted(["Foundation"]) == "Foundation")
        #expect(FileScan.dotted(["A", "B", "C"]) == "A.B.C")
    }
}
