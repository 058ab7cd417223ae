import Testing

@testable import DIEngine

/// `SourceCache.resolveFacts` skips the DI detail of cached files only when no file of the run has DI facts.
@Suite struct InterfaceOnlyResolutionTests {
    /// DI facts for a file holding "di", else a plain type with an initialiser (detail, but no DI).
    @Sendable static func scan(_ path: String, _ bytes: [UInt8]) -> FileFacts {
        if bytes == Array("di".utf8) { return SampleFacts.make(1) }
        var facts = FileFacts()
        var plain = DeclarationFact(
            kind: .struct, name: "Plain", scope: [], position: SampleFacts.at(1, 8), access: .internal)
        plain.initializers = [InitializerFact(parameters: [], position: SampleFacts.at(2, 5))]
        facts.declarations = [plain]
        return facts
    }

    static func resolve(_ files: [String], tree: SourceTree, detailNeeded: Bool) -> [FileFacts?] {
        var (cache, _) = SourceCache.load(from: tree.cacheFile, identity: CacheRun.identity)
        let lookups = cache.lookup(files, now: CacheRun.now)
        let facts = cache.resolveFacts(lookups, detailNeeded: detailNeeded, scan: scan)
        _ = cache.save(to: tree.cacheFile)
        return facts
    }

    @Test func theFlagByteMatchesTheFacts() throws {
        for (name, facts) in FactsCodecTests.corpus {
            let blob = FactsCodec.encode(facts)[...]
            #expect(try FactsReader.mayRegisterOrDepend(blob) == facts.mayRegisterOrDepend, "\(name)")
        }
        #expect(SampleFacts.make(1).mayRegisterOrDepend)
        #expect(!Self.scan("a", []).mayRegisterOrDepend)
    }

    @Test func withoutDIFactsCachedFilesAreReadWithoutDetail() throws {
        let tree = try SourceTree()
        let plain = try tree.add("Plain.swift", "plain")
        let other = try tree.add("Other.swift", "other")
        let full = Self.scan("", [])
        #expect(Self.resolve([plain, other], tree: tree, detailNeeded: false) == [full, full])
        // Cached now: the interface suffices, unless the caller says other facts need the detail.
        #expect(Self.resolve([plain, other], tree: tree, detailNeeded: false) == [full.interface, full.interface])
        #expect(Self.resolve([plain, other], tree: tree, detailNeeded: true) == [full, full])
    }

    @Test func oneDIFileMakesEveryDetailBeRead() throws {
        let tree = try SourceTree()
        let plain = try tree.add("Plain.swift", "plain")
        let di = try tree.add("DI.swift", "di")
        _ = Self.resolve([plain], tree: tree, detailNeeded: false)
        // A cached DI file.
        _ = Self.resolve([plain, di], tree: tree, detailNeeded: false)
        #expect(
            Self.resolve([plain, di], tree: tree, detailNeeded: false) == [Self.scan("", []), SampleFacts.make(1)])
        // A DI file scanned in the same run as a cached plain one.
        let late = try tree.add("Late.swift", "di")
        #expect(
            Self.resolve([plain, late], tree: tree, detailNeeded: false) == [Self.scan("", []), SampleFacts.make(1)])
    }
}
