import Foundation
import Testing

@testable import DIEngine

/// Stored listings come back in the walk's path order (so a walk does not sort them again), and a walk
/// opens each subdirectory in its parent's open descriptor, closing every descriptor it opened.
@Suite struct ListingCacheOrderTests {
    private static func cache(_ tree: TemporaryTree) -> ListingCache {
        ListingCache(filePath: tree.path(".dibuild/App.didirs"), settlingTime: 0)
    }

    /// The names of `entries` as a walk visits them.
    private static func pathOrdered(_ entries: [DirectoryEntry]) -> [String] {
        PathOrderKey.sortedIndices(entries).map { entries[$0].name }
    }

    @Test func aStoredListingIsInPathOrder() throws {
        let tree = try TemporaryTree()
        try tree.makeDirectory(".dibuild")
        // `Sub/` sorts after `Sub.swift` ('/' follows '.'), and capitals before small letters.
        for name in ["b.swift", "Sub.swift", "a.swift", "Zed.swift", "Sub/C.swift", "notes.txt", "A/D.swift"] {
            try tree.write("Sources/" + name)
        }
        let expected = Self.pathOrdered(try #require(LocalDisk.entries(ofDirectory: tree.path("Sources"))))
        #expect(expected == ["A", "Sub.swift", "Sub", "Zed.swift", "a.swift", "b.swift", "notes.txt"])
        for round in 0..<2 {
            let cache = Self.cache(tree)
            let listing = try #require(cache.listing(ofDirectory: tree.path("Sources")))
            listing.closeDirectory()
            #expect(listing.inPathOrder)
            #expect(listing.entries.map(\.name) == expected)
            #expect(cache.reusedCount == round)
            cache.save()
        }
    }

    @Test func aDirectoryIsOpenedInItsParent() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/Sub/A.swift")
        let parent = open(tree.path("Sources"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(parent >= 0)
        defer { close(parent) }
        let listing = try #require(
            Self.cache(tree).listing(ofDirectory: tree.path("Sources/Sub"), in: parent, named: "Sub"))
        #expect(listing.entries.map(\.name) == ["A.swift"])
        #expect(listing.entries.first?.status != nil)
        #expect(fcntl(listing.descriptor, F_GETFD) >= 0)
        listing.closeDirectory()
    }

    /// Many walks of a tree whose directories are nested, excluded or empty leave no descriptor open (a
    /// leak of even one per walk would show as hundreds, far more than other tests open meanwhile).
    @Test func aWalkClosesEveryDirectoryItOpened() throws {
        let tree = try TemporaryTree()
        try tree.makeDirectory(".dibuild")
        for name in ["A/B/C/D.swift", "A/B/E.swift", "A/F/G.swift", "A/Excluded/H.swift", "A/Empty/.keep", "I.swift"] {
            try tree.write("Sources/" + name)
        }
        let settings = tree.settings(include: ["Sources"], exclude: ["Sources/A/Excluded"])
        let expected = tree.inventory(settings)
        let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for _ in 0..<300 {
            let cache = Self.cache(tree)
            let inventory = InventoryBuilder.build(for: settings, currentDirectory: tree.root, listingCache: cache)
            #expect(inventory == expected)
            cache.save()
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        #expect(after - before < 100)
    }
}

/// A stored record is checked as its entries are visited: one that is malformed under a valid checksum
/// is not used, and the directory is read instead.
@Suite struct StoredListingsRecordTests {
    @Test func aMalformedRecordIsReadFromTheDisk() throws {
        let tree = try TemporaryTree()
        try tree.makeDirectory(".dibuild")
        try tree.write("Sources/A.swift")
        let path = tree.path("Sources")
        var info = stat()
        #expect(stat(path, &info) == 0)
        let good = try Self.entries(named: ["A.swift"])
        for entries in [try Self.entries(named: ["A.swift"], dropLast: 1), try Self.entries(named: ["A\0b.swift"])] {
            var record: [UInt8] = []
            StoredListings.RecordBuilder.append(UInt32(path.utf8.count), to: &record)
            record += Array(path.utf8)
            let key = DirectoryKey(info)
            for field in [key.device, key.inode] { StoredListings.RecordBuilder.append(field, to: &record) }
            for field in [key.modificationTime, key.changeTime, key.size] {
                StoredListings.RecordBuilder.append(field, to: &record)
            }
            StoredListings.RecordBuilder.append(UInt32(1), to: &record)
            #expect(entries != good)
            let pieces = StoredListings.fileBytes([(Fingerprint.xxh3(Array(path.utf8)), (record + entries)[...])])
            try Data(pieces.flatMap { $0 }).write(to: URL(fileURLWithPath: tree.path(".dibuild/App.didirs")))
            let cache = ListingCache(filePath: tree.path(".dibuild/App.didirs"), settlingTime: 0)
            #expect(cache.entries(ofDirectory: path)?.map(\.name) == ["A.swift"])
            #expect(cache.reusedCount == 0)
        }
    }

    /// One regular file's entry bytes (type, name length, name, NUL), less `dropLast` bytes at the end.
    private static func entries(named names: [String], dropLast: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for name in names {
            bytes.append(8)
            StoredListings.RecordBuilder.append(UInt16(name.utf8.count), to: &bytes)
            bytes += Array(name.utf8) + [0]
        }
        return Array(bytes.dropLast(dropLast))
    }
}
