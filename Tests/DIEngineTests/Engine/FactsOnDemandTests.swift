import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// A blob read from the cache file on demand is used only when it hashes to the stat table's facts hash.
@Suite struct FactsOnDemandTests {
    @Test func aBlobIsReadAtItsRangeAndCheckedAgainstItsHash() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/App.dicache"
        let blob = Array("the facts of one file".utf8)
        try Data(Array("head".utf8) + blob + Array("tail".utf8)).write(to: URL(fileURLWithPath: path))
        let reader = FactsOnDemand(source: LazyFacts.Source(file: try OpenFile(path: path)))
        let range = 4..<(4 + blob.count)
        let hash = Fingerprint.xxh3(blob)
        #expect(FactsOnDemand.Blob.inFile(reader, range, hash: hash).bytes().map(Array.init) == blob)
        #expect(FactsOnDemand.Blob.inFile(reader, range, hash: hash ^ 1).bytes() == nil, "another blob")
        #expect(FactsOnDemand.Blob.inFile(reader, 30..<60, hash: hash).bytes() == nil, "past the end")
        #expect(FactsOnDemand.Blob.inMemory(blob[...]).bytes().map(Array.init) == blob)
    }
}
