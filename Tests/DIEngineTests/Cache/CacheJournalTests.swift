import Foundation
import Testing

@testable import DIEngine

/// The append-only update of a cache file: records appended by later runs, a torn or corrupt tail ignored,
/// compaction, and concurrent writers (an append under `flock` that checks the file is still the one it
/// loaded, else an atomic rewrite).
@Suite struct CacheJournalTests {
    /// One build-like run: lazy load, lookup, scan what changed, save.
    @discardableResult
    private func run(_ files: [String], _ tree: SourceTree, scanner: RecordingScanner = RecordingScanner())
        -> (cache: SourceCache, note: String?, facts: [FileFacts?])
    {
        var (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        let lookups = cache.lookup(files, now: CacheRun.now)
        _ = cache.loadFacts()
        let facts = cache.resolveFacts(cache.refreshed(lookups)) { scanner.scan($0, $1) }
        #expect(cache.save(to: tree.cacheFile) == nil)
        return (cache, note, facts)
    }

    private func bytes(_ tree: SourceTree) throws -> [UInt8] {
        try LocalDisk.contents(of: tree.cacheFile).get()
    }

    private func journalLength(_ tree: SourceTree) -> Int? {
        SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true).cache.journalTarget?
            .journalLength
    }

    private func threeFiles(_ tree: SourceTree) throws -> [String] {
        let files = try (0..<3).map { try tree.add("F\($0).swift", "f\($0)") }
        run(files, tree)
        #expect(journalLength(tree) == 0)
        return files
    }

    @Test func anEditAppendsARecordAndLeavesTheRestOfTheFileAlone() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        let before = try bytes(tree)
        try tree.add("F1.swift", "edited")
        run(files, tree)
        let after = try bytes(tree)
        #expect(after.count > before.count && Array(after.prefix(before.count)) == before)
        #expect(journalLength(tree) == after.count - before.count)

        let scanner = RecordingScanner()
        let again = run(files, tree, scanner: scanner)
        #expect(again.note == nil && scanner.scannedPaths.isEmpty)
        #expect(again.cache.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
        let expected = ["f0", "edited", "f2"].map { RecordingScanner.facts(for: Array($0.utf8)) }
        #expect(again.facts == expected)
        #expect(try bytes(tree) == after)
    }

    @Test func touchedFileRecordsItsNewStatusWithoutCopyingItsFacts() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        try tree.add("F2.swift", "f2", mtime: 1_600_000_500)
        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        _ = cache.lookup(files, now: CacheRun.now)
        let target = try #require(cache.journalTarget)
        let records = try #require(cache.journalRecords(since: target))
        #expect(records.count == 1)
        guard case .entry(_, _, let inlineFacts) = records.first else {
            Issue.record("no entry record")
            return
        }
        #expect(!inlineFacts)
        #expect(cache.save(to: tree.cacheFile) == nil)
        // Framing, kind, path, stat fields, two hashes, flags: no facts.
        #expect(try #require(journalLength(tree)) <= 4 + 1 + 1 + files[2].utf8.count + 3 * 10 + 8 + 1 + 8 + 1 + 8)
        let again = run(files, tree)
        #expect(again.cache.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
        #expect(again.facts[2] == RecordingScanner.facts(for: Array("f2".utf8)))
    }

    @Test func removedFileAndNewRunRecordAreAppended() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        _ = cache.lookup(Array(files.prefix(2)), now: CacheRun.now)
        cache.record(RunRecord(inputsDigest: 5, payload: [1, 2]))
        #expect(cache.save(to: tree.cacheFile) == nil)
        #expect(try #require(journalLength(tree)) > 0)
        let loaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache
        #expect(loaded.entries.count == 2)
        #expect(loaded.run == RunRecord(inputsDigest: 5, payload: [1, 2]))
        #expect(loaded.encoded() == cache.encoded())
    }

    /// Edits, removals and additions among many entries in one run, which move entries within the
    /// dictionary: the appended records state exactly the new cache.
    @Test func editsRemovalsAndAdditionsAmongManyFilesAppendTheNewCache() throws {
        let tree = try SourceTree()
        let files = try (0..<200).map { try tree.add("F\($0).swift", "f\($0)") }
        run(files, tree)
        for index in stride(from: 0, to: 200, by: 7) { try tree.add("F\(index).swift", "edited \(index)") }
        let added = try (0..<5).map { try tree.add("N\($0).swift", "n\($0)") }
        let kept = files.enumerated().filter { $0.offset % 11 != 3 }.map(\.element) + added
        let cache = run(kept, tree).cache
        #expect(try #require(journalLength(tree)) > 0)
        let loaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache
        #expect(loaded.entries.count == kept.count)
        #expect(loaded.encoded() == cache.encoded())
    }

    @Test func aNewDigestForTheSameRunRecordAppendsOnlyTheDigest() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        let payload = [UInt8](repeating: 7, count: 5000)
        for digest in [UInt64(1), 2] {
            var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
            _ = cache.lookup(files, now: CacheRun.now)
            cache.record(RunRecord(inputsDigest: digest, payload: payload))
            #expect(cache.save(to: tree.cacheFile) == nil)
        }
        let length = try #require(journalLength(tree))
        #expect(length > 5000 && length < 5000 + 100)
        let loaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache
        #expect(loaded.run == RunRecord(inputsDigest: 2, payload: payload))
    }

    /// A DI edit's run record: new digests and output stamps, the same depfile text. Only the changed bytes
    /// are appended, and the lazy and whole-file readers both patch the payload in place back to it.
    @Test func aRunRecordOfTheSameLengthAppendsOnlyItsChangedBytes() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        var payload = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var lengths: [Int] = []
        for digest in UInt64(1)...5 {
            if digest > 1 {
                payload[3] &+= 1
                payload[2_500 + Int(digest)] &+= 1
                payload[4_990] &+= 1
            }
            var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
            _ = cache.lookup(files, now: CacheRun.now)
            cache.record(RunRecord(inputsDigest: digest, payload: payload))
            #expect(cache.save(to: tree.cacheFile) == nil)
            lengths.append(try #require(journalLength(tree)))
            let loaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true).cache
            #expect(loaded.run == RunRecord(inputsDigest: digest, payload: payload))
            let whole = try CacheFileFormat.decode(bytes(tree), expecting: CacheRun.identity).get()
            #expect(whole.run == RunRecord(inputsDigest: digest, payload: payload))
        }
        // The first record carries the whole payload (the file had none), each later one a few bytes.
        #expect(lengths[0] > 5_000)
        #expect(zip(lengths.dropFirst(), lengths).allSatisfy { $0 - $1 < 60 })

        // A payload of another length is appended whole.
        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        _ = cache.lookup(files, now: CacheRun.now)
        cache.record(RunRecord(inputsDigest: 9, payload: payload + [1]))
        #expect(cache.save(to: tree.cacheFile) == nil)
        #expect(try #require(journalLength(tree)) - lengths[4] > 5_000)
        let loaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true).cache
        #expect(loaded.run == RunRecord(inputsDigest: 9, payload: payload + [1]))
    }

    @Test func aTornTailIsIgnoredAndTheNextSaveRewrites() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        let before = try bytes(tree)
        try tree.add("F0.swift", "edited")
        run(files, tree)
        let appended = try bytes(tree)
        // Every cut inside the record: the entry is as before the edit, so the file is scanned again.
        for cut in before.count..<appended.count {
            try Data(appended.prefix(cut)).write(to: URL(fileURLWithPath: tree.cacheFile))
            let (cache, note) = SourceCache.load(
                from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
            #expect(cut == before.count ? note == nil : note?.contains("a torn or corrupt journal record") == true)
            #expect(cache.journalTarget == nil || cut == before.count)
        }
        try Data(appended.prefix(appended.count - 3)).write(to: URL(fileURLWithPath: tree.cacheFile))
        let scanner = RecordingScanner()
        let repaired = run(files, tree, scanner: scanner)
        #expect(scanner.scannedPaths == [files[0]])
        #expect(repaired.facts[0] == RecordingScanner.facts(for: Array("edited".utf8)))
        #expect(journalLength(tree) == 0)
        #expect(SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).note == nil)
    }

    @Test func aCorruptRecordEndsTheReplay() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        let before = try bytes(tree)
        try tree.add("F0.swift", "first")
        run(files, tree)
        try tree.add("F1.swift", "second")
        run(files, tree)
        var corrupt = try bytes(tree)
        corrupt[before.count + 10] ^= 0x40
        try Data(corrupt).write(to: URL(fileURLWithPath: tree.cacheFile))
        let scanner = RecordingScanner()
        let (_, note, facts) = run(files, tree, scanner: scanner)
        #expect(note?.contains("a torn or corrupt journal record") == true)
        // Both edits are behind the corrupt record: both files are scanned again, with the right facts.
        #expect(scanner.scannedPaths == [files[0], files[1]])
        #expect(facts == ["first", "second", "f2"].map { RecordingScanner.facts(for: Array($0.utf8)) })
    }

    @Test func aLongJournalIsCompacted() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        var lengths: [Int] = []
        for step in 0..<200 {
            try tree.add("F1.swift", String(repeating: "x", count: 200) + "\(step)", mtime: 1_600_000_001 + step)
            run(files, tree)
            lengths.append(try #require(journalLength(tree)))
        }
        let threshold = try #require(
            SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache.journalTarget
        )
        .compactionThreshold
        #expect(lengths.allSatisfy { $0 <= threshold })
        // The journal grew, was rewritten away, and grew again.
        #expect(lengths.contains(0) && lengths.max()! > 0)
        let last = run(files, tree)
        #expect(last.facts[1] == RecordingScanner.facts(for: Array((String(repeating: "x", count: 200) + "199").utf8)))
    }

    @Test func aSecondWriterOfTheSameFileRewritesInsteadOfAppending() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        var (first, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        var (second, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        _ = first.lookup(files, now: CacheRun.now)
        _ = second.lookup(files, now: CacheRun.now)
        first.record(RunRecord(inputsDigest: 1))
        second.record(RunRecord(inputsDigest: 2))
        #expect(first.save(to: tree.cacheFile) == nil)
        #expect(try #require(journalLength(tree)) > 0)
        // The file grew since `second` read it: appending there could interleave, so it is rewritten.
        #expect(second.save(to: tree.cacheFile) == nil)
        #expect(journalLength(tree) == 0)
        #expect(SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache.run?.inputsDigest == 2)
    }

    @Test func aFileRenamedOverTheLoadedOneIsNotAppendedTo() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        var (stale, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity, lazyFacts: true)
        _ = stale.lookup(files, now: CacheRun.now)
        // Another run replaces the file atomically (a new inode of the same length and bytes: the writer
        // would only touch a file holding them, so the rename is made here).
        let replacement = try bytes(tree)
        let written = tree.cacheFile + ".replacement"
        try AtomicFileWriter.write(replacement, to: written)
        #expect(rename(written, tree.cacheFile) == 0)
        stale.record(RunRecord(inputsDigest: 3))
        #expect(stale.save(to: tree.cacheFile) == nil)
        #expect(journalLength(tree) == 0)
        #expect(SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache.run?.inputsDigest == 3)
    }

    @Test func journalBytesRoundTripThroughTheWholeFileDecoder() throws {
        let tree = try SourceTree()
        let files = try threeFiles(tree)
        try tree.add("F2.swift", "changed")
        let lazy = run(files, tree).cache
        let decoded = try CacheFileFormat.decode(bytes(tree), expecting: CacheRun.identity).get()
        let whole = CacheFileFormat.encode(
            CacheFileFormat.Contents(identity: CacheRun.identity, run: decoded.run, entries: decoded.entries))
        #expect(whole == lazy.encoded())
    }
    /// The fuzz seed `journal.bin` was written by a script from `docs/cache-format.md` alone, with one
    /// journal record of each kind: the reader must take every record.
    @Test func theDocumentedLayoutIsWhatTheReaderReads() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/cache-reader/corpus/journal.bin")
        let bytes = try [UInt8](Data(contentsOf: seed))
        let identity = CacheIdentity(toolVersion: "fuzz", runtimeModule: "DIRuntime")
        let contents = try CacheFileFormat.decode(bytes, expecting: identity).get()
        #expect(contents.run == RunRecord(inputsDigest: 43, payload: [1, 2, 3]))
        #expect(contents.entries.keys.sorted() == ["/p/A.swift", "/p/B.swift"])
        let first = try #require(contents.entries["/p/A.swift"])
        #expect(first.status == FileStatus(size: 11, modificationTime: 1_600_000_000_000_000_001, inode: 7))
        #expect(first.contentHash == 200 && first.needsVerification && Array(first.encodedFacts) == [3, 0])
        let second = try #require(contents.entries["/p/B.swift"])
        #expect(second.status == FileStatus(size: 11, modificationTime: 5, inode: 8))
        #expect(Array(second.encodedFacts) == [2, 0, 5] && !second.needsVerification)
    }
}
