import Testing

@testable import DIEngine

/// A lookup keeps its outcome out of line unless it is the cached entry's facts (`FileLookup`): every
/// outcome reads back as it was made.
@Suite struct FileLookupTests {
    private static let facts: [UInt8] = [1, 2, 3, 4, 5]
    private static let status = FileStatus(size: 5, modificationTime: 7, inode: 9)

    private static func entry(_ facts: ArraySlice<UInt8>) -> CacheEntry {
        CacheEntry(status: status, contentHash: 11, needsVerification: false, encodedFacts: facts)
    }

    @Test func aCachedLookupGivesItsEntrysFacts() {
        let entry = Self.entry(Self.facts[1...])
        let lookup = FileLookup(path: "a.swift", key: "/a.swift", outcome: .cached(entry.encodedFacts), entry: entry)
        guard case .cached(let facts) = lookup.outcome else {
            Issue.record("not cached: \(lookup.outcome)")
            return
        }
        #expect(Array(facts) == [2, 3, 4, 5])
        #expect(facts.startIndex == 1)
        #expect(lookup.entry == entry)
        #expect(lookup.contentHash == 11)
        #expect(lookup.diagnostic == nil)
    }

    @Test func aLookupToScanKeepsItsBytesAndPendingEntry() {
        let pending = PendingEntry(status: Self.status, contentHash: 13, needsVerification: true)
        let lookup = FileLookup(path: "b.swift", key: "/b.swift", outcome: .needsScan([7, 8], pending), entry: nil)
        guard case .needsScan(let bytes, let kept) = lookup.outcome else {
            Issue.record("not to scan: \(lookup.outcome)")
            return
        }
        #expect(bytes == [7, 8])
        #expect(kept == pending)
        #expect(lookup.entry == nil)
        #expect(lookup.contentHash == 13)
    }

    @Test func anUnreadableLookupKeepsItsError() {
        let error = FileSystemError(path: "c.swift", reason: "No such file or directory")
        let lookup = FileLookup(path: "c.swift", key: "/c.swift", outcome: .unreadable(error), entry: nil)
        guard case .unreadable(let kept) = lookup.outcome else {
            Issue.record("not unreadable: \(lookup.outcome)")
            return
        }
        #expect(kept == error)
        #expect(lookup.contentHash == nil)
        #expect(lookup.diagnostic == Diagnostic(.cannotRead, "c.swift", "No such file or directory"))
    }

    /// Cached facts without an entry are kept as given too.
    @Test func cachedFactsWithoutAnEntryAreKept() {
        let lookup = FileLookup(path: "d.swift", key: "/d.swift", outcome: .cached(Self.facts[2...]), entry: nil)
        guard case .cached(let facts) = lookup.outcome else {
            Issue.record("not cached: \(lookup.outcome)")
            return
        }
        #expect(Array(facts) == [3, 4, 5])
        #expect(lookup.entry == nil)
    }
}
