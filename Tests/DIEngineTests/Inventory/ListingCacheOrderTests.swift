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
