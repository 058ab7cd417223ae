import Foundation
import Testing

@testable import DIEngine

@Suite struct CacheFileTests {
    /// A saved cache of three files with rich facts, and its bytes.
    func savedCache(_ tree: SourceTree) throws -> (files: [String], bytes: [UInt8]) {
        let files = try (0..<3).map { try tree.add("F\($0).swift", "class F\($0) {}") }
        var cache = SourceCache(identity: CacheRun.identity)
        for (index, lookup) in cache.lookup(files, now: CacheRun.now).enumerated() {
            cache.store(SampleFacts.make(index), for: lookup)
        }
        cache.record(RunRecord(inputsDigest: 42, payload: [1, 2, 3]))
        #expect(cache.save(to: tree.cacheFile) == nil)
        return (files, try LocalDisk.contents(of: tree.cacheFile).get())
    }

    func load(_ bytes: [UInt8], _ tree: SourceTree, identity: CacheIdentity = CacheRun.identity) throws
        -> (cache: SourceCache, note: String?)
    {
        try Data(bytes).write(to: URL(fileURLWithPath: tree.cacheFile))
        return SourceCache.load(from: tree.cacheFile, identity: identity)
    }

    @Test func savedFactsAndRunRecordLoadBack() throws {
        let tree = try SourceTree()
        let (files, _) = try savedCache(tree)
        var (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity)
        #expect(note == nil)
        #expect(cache.run == RunRecord(inputsDigest: 42, payload: [1, 2, 3]))
        let lookups = cache.lookup(files, now: CacheRun.now)
        let facts = cache.resolveFacts(lookups) { _, _ in FileFacts() }
        #expect(facts == (0..<3).map { SampleFacts.make($0) })
        #expect(cache.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
    }

    @Test func missingCacheFileIsSilentlyEmpty() throws {
        let tree = try SourceTree()
        let (cache, note) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity)
        #expect(note == nil)
        #expect(cache.entries.isEmpty && !cache.hasChanges)
    }

    @Test func truncatedAtEveryLengthIsIgnored() throws {
        let tree = try SourceTree()
        let (_, bytes) = try savedCache(tree)
        // Every length through the header and stat table, then a sample of the facts blobs.
        for length in Array(0..<300) + Array(stride(from: 300, to: bytes.count, by: 23)) + [bytes.count - 1] {
            let (cache, note) = try load(Array(bytes[..<length]), tree)
            #expect(note != nil)
            #expect(cache.entries.isEmpty && cache.run == nil && cache.hasChanges)
        }
    }

    @Test func corruptBytesAreIgnored() throws {
        let tree = try SourceTree()
        let (_, bytes) = try savedCache(tree)
        var generator = SplitMix64(seed: 7)
        for index in stride(from: 12, to: bytes.count, by: 37) {
            var corrupt = bytes
            corrupt[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            let (cache, note) = try load(corrupt, tree)
            #expect(note == "ignoring cache '\(tree.cacheFile)': corrupt or truncated (checksum mismatch)")
            #expect(cache.entries.isEmpty)
        }
        let garbage = (0..<5000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(try load(garbage, tree).note == "ignoring cache '\(tree.cacheFile)': not a dibuild cache file")
    }

    @Test func otherMagicOrFormatVersionIsIgnored() throws {
        let tree = try SourceTree()
        let (_, bytes) = try savedCache(tree)
        var magic = bytes
        magic[0] = UInt8(ascii: "X")
        #expect(try load(magic, tree).note == "ignoring cache '\(tree.cacheFile)': not a dibuild cache file")
        var version = bytes
        version[8] = 9
        #expect(
            try load(version, tree).note
                == "ignoring cache '\(tree.cacheFile)': cache format version 9, expected \(CacheFileFormat.version)")
    }

    @Test func otherIdentityIsIgnored() throws {
        let tree = try SourceTree()
        let (_, bytes) = try savedCache(tree)
        let prefix = "ignoring cache '\(tree.cacheFile)': written with "
        let tool = CacheIdentity(toolVersion: "2.0.0", runtimeModule: "DIRuntime")
        #expect(try load(bytes, tree, identity: tool).note == prefix + "dibuild 1.0.0")
        let schema = CacheIdentity(
            toolVersion: "1.0.0", runtimeModule: "DIRuntime", schemaVersion: FileFacts.schemaVersion + 1)
        #expect(try load(bytes, tree, identity: schema).note == prefix + "scanner schema \(FileFacts.schemaVersion)")
        let runtime = CacheIdentity(toolVersion: "1.0.0", runtimeModule: "Deli")
        #expect(try load(bytes, tree, identity: runtime).note == prefix + "runtime module 'DIRuntime'")
        let defines = CacheIdentity(toolVersion: "1.0.0", runtimeModule: "DIRuntime", defines: ["DEBUG"])
        #expect(try load(bytes, tree, identity: defines).note == prefix + "other defines")
        #expect(try load(bytes, tree).note == nil)
    }

    @Test func ignoredCacheStillGivesCorrectResultsAndIsRewritten() throws {
        let tree = try SourceTree()
        let file = try tree.add("A.swift", "class A {}")
        _ = try tree.directory.write(".dibuild/App.dicache", bytes: Array(repeating: 0xAB, count: 100))
        let scanner = RecordingScanner()
        let run = CacheRun.run([file], cacheFile: tree.cacheFile, scanner: scanner)
        #expect(run.note != nil)
        #expect(run.facts == [RecordingScanner.facts(for: Array("class A {}".utf8))])
        #expect(SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity).note == nil)
    }

    @Test func writeFailureIsWarningO03() throws {
        let tree = try SourceTree()
        let file = try tree.add("A.swift", "class A {}")
        // The cache directory's path runs through a regular file, so it cannot be created.
        try tree.directory.write("blocker", "not a directory")
        let cacheFile = tree.directory.path + "/blocker/cache/App.dicache"
        let run = CacheRun.run([file], cacheFile: cacheFile, scanner: RecordingScanner())
        #expect(run.saveWarning?.code == "O03")
        #expect(run.saveWarning?.severity == .warning)
        #expect(run.saveWarning?.message == "cannot write cache '\(cacheFile)': Not a directory")
    }

    @Test func concurrentWritersNeverExposeAPartialFile() throws {
        let tree = try SourceTree()
        let first = try (0..<6).map { try tree.add("A\($0).swift", "class A\($0) {}") }
        let second = try (0..<2).map { try tree.add("B\($0).swift", "class B\($0) {}") }
        func cache(_ files: [String]) -> SourceCache {
            var cache = SourceCache(identity: CacheRun.identity)
            for (index, lookup) in cache.lookup(files, now: CacheRun.now).enumerated() {
                cache.store(SampleFacts.make(index), for: lookup)
            }
            return cache
        }
        let caches = [cache(first), cache(second)]
        let expectedKeys = [Set(first), Set(second)]
        var initial = caches[0]
        #expect(initial.save(to: tree.cacheFile) == nil)
        let path = tree.cacheFile
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for round in 0..<150 {
                if worker < 2 {
                    var writer = caches[worker]
                    writer.record(RunRecord(inputsDigest: UInt64(round)))
                    #expect(writer.save(to: path) == nil)
                } else {
                    let (loaded, note) = SourceCache.load(from: path, identity: CacheRun.identity)
                    #expect(note == nil)
                    #expect(expectedKeys.contains(Set(loaded.entries.keys)))
                }
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: tree.directory.path + "/.dibuild")
        #expect(leftovers == ["App.dicache"])
    }

    @Test func deleteRemovesTheFileAndAnEmptyDirectory() throws {
        let tree = try SourceTree()
        let directory = tree.directory.path + "/.dibuild"
        _ = try savedCache(tree)
        try tree.directory.write(".dibuild/Other.dicache", "other target")
        #expect(try SourceCache.delete(at: tree.cacheFile))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["Other.dicache"])
        #expect(try SourceCache.delete(at: directory + "/Other.dicache"))
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(try !SourceCache.delete(at: tree.cacheFile))
    }

    @Test func cacheFileNamesAreSanitisedLikeClassNames() {
        #expect(SourceCache.fileName(forTarget: "App") == "App.dicache")
        #expect(SourceCache.fileName(forTarget: "my-factory") == "My_factory.dicache")
        #expect(SourceCache.fileName(forTarget: "123abc") == "_abc.dicache")
        #expect(SourceCache.fileName(forTarget: "Fábrica") == "F_brica.dicache")
        #expect(SourceCache.fileName(forTarget: "a b--c!") == "A_b_c_.dicache")
        #expect(SourceCache.filePath(cacheDirectory: "build/./cache/", target: "app") == "build/cache/App.dicache")
    }
}

/// The head read into memory in chunks, the path a cache file that cannot be mapped takes.
@Suite struct CacheHeadReadTests {
    let files = CacheFileTests()

    @Test(arguments: [16, 64, 200, 256 << 10])
    func aHeadReadInChunksLoadsWhatTheMappedOneLoads(firstRead: Int) throws {
        let tree = try SourceTree()
        let (paths, _) = try files.savedCache(tree)
        var (mapped, mappedNote) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity)
        var (read, readNote) = SourceCache.load(
            from: tree.cacheFile, identity: CacheRun.identity, headReading: .read(firstBytes: firstRead))
        #expect(mappedNote == nil && readNote == nil)
        #expect(read.run == mapped.run && read.run == RunRecord(inputsDigest: 42, payload: [1, 2, 3]))
        let expected = mapped.resolveFacts(mapped.lookup(paths, now: CacheRun.now)) { _, _ in FileFacts() }
        let facts = read.resolveFacts(read.lookup(paths, now: CacheRun.now)) { _, _ in FileFacts() }
        #expect(facts == expected && facts == (0..<3).map { SampleFacts.make($0) })
        #expect(read.statistics.description == "3 files: 3 from cache, 0 hashed, 0 scanned")
    }

    @Test func aTruncatedHeadReadInChunksIsIgnored() throws {
        let tree = try SourceTree()
        let (_, bytes) = try files.savedCache(tree)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            try Data(bytes[..<length]).write(to: URL(fileURLWithPath: tree.cacheFile))
            let (cache, note) = SourceCache.load(
                from: tree.cacheFile, identity: CacheRun.identity, headReading: .read(firstBytes: 32))
            #expect(note != nil)
            #expect(cache.entries.isEmpty && cache.run == nil && cache.hasChanges)
        }
    }
}
