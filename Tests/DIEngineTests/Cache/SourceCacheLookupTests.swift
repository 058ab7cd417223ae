import Foundation
import TestSupport
import Testing

@testable import DIEngine

@Suite struct SourceCacheLookupTests {
    @Test func warmRunWithoutChangesIsStatOnly() throws {
        let tree = try SourceTree()
        let files = try ["A.swift", "B.swift", "Sub Dir/C.swift"].map { try tree.add($0, "class \($0.count) {}") }
        let scanner = RecordingScanner()
        let first = CacheRun.run(files, cacheFile: tree.cacheFile, scanner: scanner)
        #expect(first.note == nil)
        #expect(first.saveWarning == nil)
        #expect(scanner.scannedPaths == files.sorted())
        #expect(first.statistics.description == "3 files: 0 from cache, 3 hashed, 3 scanned")
        let written = try TemporaryDirectory.modificationTime(of: tree.cacheFile)

        let second = CacheRun.run(files, cacheFile: tree.cacheFile, scanner: scanner)
        #expect(second.note == nil)
        #expect(second.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
        #expect(scanner.scannedPaths.count == 3)
        #expect(second.facts == first.facts)
        #expect(!second.cache.hasChanges)
        // Nothing changed, so the cache file was not rewritten.
        let after = try TemporaryDirectory.modificationTime(of: tree.cacheFile)
        #expect(after.tv_sec == written.tv_sec && after.tv_nsec == written.tv_nsec)
    }

    @Test func touchedFileIsHashedButNotRescanned() throws {
        let tree = try SourceTree()
        let file = try tree.add("A.swift", "class A {}")
        let scanner = RecordingScanner()
        _ = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        TemporaryDirectory.setModificationTime(of: file, seconds: 1_650_000_000)
        let touched = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(touched.statistics.description == "1 files: 1 from cache, 1 hashed, 0 scanned")
        #expect(scanner.scannedPaths.count == 1)
        // The refreshed stat fields were saved, so the next run takes the fast path again.
        let again = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(again.statistics.description == "1 files: 1 from cache, 0 hashed, 0 scanned")
    }

    @Test func replacedFileWithSameSizeAndMtimeIsRescanned() throws {
        let tree = try SourceTree()
        let file = try tree.add("A.swift", "class A {}")
        let scanner = RecordingScanner()
        let first = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        // Like a checkout: new content of the same size in a new file renamed over the old one, same mtime.
        let replacement = try tree.directory.write("Sources/.A.swift.new", "class B {}")
        TemporaryDirectory.setModificationTime(of: replacement, seconds: 1_600_000_000)
        #expect(rename(replacement, file) == 0)
        let second = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(second.statistics.description == "1 files: 0 from cache, 1 hashed, 1 scanned")
        #expect(second.facts == [RecordingScanner.facts(for: Array("class B {}".utf8))])
        #expect(second.facts != first.facts)
    }

    @Test func racyTimestampsAreVerifiedOnTheNextRun() throws {
        let tree = try SourceTree()
        let recent = 1_699_999_999
        let file = try tree.add("A.swift", "class A {}", mtime: recent)
        let scanner = RecordingScanner()
        let first = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(first.cache.entries.values.first?.needsVerification == true)
        // Edited within the same timestamp tick: same size, same mtime, same inode.
        let rewritten = try tree.directory.write("Sources/A.swift", "class Z {}")
        TemporaryDirectory.setModificationTime(of: rewritten, seconds: recent)
        let second = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(second.statistics.description == "1 files: 0 from cache, 1 hashed, 1 scanned")
        #expect(second.facts == [RecordingScanner.facts(for: Array("class Z {}".utf8))])
        // Two seconds later the mtime is no longer racy: hashed once more, then the flag is cleared.
        let later = CacheRun.now + 3_000_000_000
        let third = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner, now: later)
        #expect(third.statistics.description == "1 files: 1 from cache, 1 hashed, 0 scanned")
        #expect(third.cache.entries.values.first?.needsVerification == false)
        let fourth = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner, now: later)
        #expect(fourth.statistics.description == "1 files: 1 from cache, 0 hashed, 0 scanned")
    }

    @Test func entriesOfRemovedFilesAreDropped() throws {
        let tree = try SourceTree()
        let kept = try tree.add("A.swift", "class A {}")
        let removed = try tree.add("B.swift", "class B {}")
        let scanner = RecordingScanner()
        _ = CacheRun.run([kept, removed], cacheFile: tree.cacheFile, scanner: scanner)
        try FileManager.default.removeItem(atPath: removed)
        let second = CacheRun.run([kept], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(Array(second.cache.entries.keys) == [kept])
        let reloaded = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).cache
        #expect(Array(reloaded.entries.keys) == [kept])
    }

    @Test func unreadableFileIsReportedAndNotCached() throws {
        let tree = try SourceTree()
        let missing = tree.directory.path + "/Sources/Missing.swift"
        let scanner = RecordingScanner()
        var cache = SourceCache(identity: CacheRun.identity)
        let lookups = cache.lookup([missing], now: CacheRun.now)
        #expect(lookups[0].diagnostic?.code == "I01")
        #expect(lookups[0].diagnostic?.message == "cannot read '\(missing)': No such file or directory")
        #expect(cache.resolveFacts(lookups) { scanner.scan($0, $1) } == [nil])
        #expect(cache.entries.isEmpty)
        #expect(lookups[0].contentHash == nil)
    }

    @Test func keysAreAbsoluteNormalisedPaths() throws {
        let tree = try SourceTree()
        try tree.add("A.swift", "class A {}")
        var cache = SourceCache(identity: CacheRun.identity)
        let lookups = cache.lookup(["./Sources//A.swift"], workingDirectory: tree.directory.path, now: CacheRun.now)
        #expect(lookups[0].path == "./Sources//A.swift")
        #expect(lookups[0].key == tree.directory.path + "/Sources/A.swift")
    }

    @Test func undecodableEntryIsRescanned() throws {
        let tree = try SourceTree()
        let file = try tree.add("A.swift", "class A {}")
        let status = try FileStatus.of(path: file)
        let entry = CacheEntry(
            status: status, contentHash: Fingerprint.xxh3(Array("class A {}".utf8)), needsVerification: false,
            encodedFacts: [0xFF, 0xFF])
        let contents = CacheFileFormat.Contents(
            identity: CacheRun.identity, run: nil, entries: [file: entry])
        _ = try AtomicFileWriter.write(CacheFileFormat.encode(contents), to: tree.cacheFile)
        let scanner = RecordingScanner()
        let run = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(scanner.scannedPaths == [file])
        #expect(run.facts == [RecordingScanner.facts(for: Array("class A {}".utf8))])
        #expect(run.statistics.description == "1 files: 0 from cache, 1 hashed, 1 scanned")
    }

}
