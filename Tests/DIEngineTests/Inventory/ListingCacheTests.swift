import Foundation
import Testing

@testable import DIEngine

/// Directory listings kept between runs (`ListingCache`): a stored listing is used only while its
/// directory is unchanged, and gives exactly the entries a read would.
@Suite struct ListingCacheTests {
    /// Tests change directories on purpose right after storing them: no settling time, and a pause
    /// longer than any clock tick between the store and the change, so that the change gets new times.
    private static let pause: UInt32 = 30_000

    private static func cache(_ tree: TemporaryTree, settlingTime: Int64 = 0) -> ListingCache {
        ListingCache(filePath: tree.path(".dibuild/App.didirs"), settlingTime: settlingTime)
    }

    private static func sorted(_ entries: [DirectoryEntry]?) -> [DirectoryEntry] {
        (entries ?? []).sorted { ByteOrder.precedes($0.name, $1.name) }
    }

    /// Lists `directory` through a cache that is then saved, and through the disk; both must agree.
    @discardableResult
    private static func listAndSave(
        _ tree: TemporaryTree, _ directory: String, settlingTime: Int64 = 0
    ) -> (entries: [DirectoryEntry], reused: Int) {
        let cache = cache(tree, settlingTime: settlingTime)
        let entries = sorted(cache.entries(ofDirectory: tree.path(directory)))
        #expect(entries == sorted(LocalDisk.entries(ofDirectory: tree.path(directory))))
        cache.save()
        return (entries, cache.reusedCount)
    }

    private static func makeTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.makeDirectory(".dibuild")
        try tree.write("Sources/A.swift")
        try tree.write("Sources/b.swift", "struct B {}\n")
        try tree.write("Sources/notes.txt")
        try tree.write("Sources/Sub/C.swift")
        try tree.write("Sources/.hidden/D.swift")
        return tree
    }

    @Test func anUnchangedDirectoryIsTakenFromTheStoredListingWithFreshStats() throws {
        let tree = try Self.makeTree()
        let first = Self.listAndSave(tree, "Sources")
        #expect(first.reused == 0)
        #expect(first.entries.map(\.name) == [".hidden", "A.swift", "Sub", "b.swift", "notes.txt"])
        let second = Self.listAndSave(tree, "Sources")
        #expect(second.reused == 1)
        #expect(second.entries == first.entries)
        // A file edited in place leaves its directory as it was; its new stat is taken all the same.
        usleep(Self.pause)
        let longer = "struct B { var longer = 1 }\n"
        try tree.write("Sources/b.swift", longer)
        let edited = Self.listAndSave(tree, "Sources")
        #expect(edited.reused == 1)
        #expect(edited.entries.first { $0.name == "b.swift" }?.status?.size == UInt64(longer.utf8.count))
    }

    @Test func filesAddedRemovedOrRenamedAreSeen() throws {
        let tree = try Self.makeTree()
        Self.listAndSave(tree, "Sources")
        usleep(Self.pause)
        try tree.write("Sources/New.swift")
        #expect(Self.listAndSave(tree, "Sources").entries.map(\.name).contains("New.swift"))
        usleep(Self.pause)
        try FileManager.default.removeItem(atPath: tree.path("Sources/A.swift"))
        #expect(!Self.listAndSave(tree, "Sources").entries.map(\.name).contains("A.swift"))
        usleep(Self.pause)
        try FileManager.default.moveItem(
            atPath: tree.path("Sources/b.swift"), toPath: tree.path("Sources/Renamed.swift"))
        let renamed = Self.listAndSave(tree, "Sources")
        #expect(renamed.entries.map(\.name) == [".hidden", "New.swift", "Renamed.swift", "Sub", "notes.txt"])
        #expect(Self.listAndSave(tree, "Sources").reused == 1)
    }

    /// A listing read within the settling time of its directory's last change could miss a change made
    /// in the same clock tick after it: it is used for this run and not stored.
    @Test func aDirectoryChangedJustBeforeItWasReadIsNotStored() throws {
        let tree = try Self.makeTree()
        let second = 1_000_000_000 as Int64
        Self.listAndSave(tree, "Sources", settlingTime: second)
        #expect(!FileManager.default.fileExists(atPath: tree.path(".dibuild/App.didirs")))
        #expect(Self.listAndSave(tree, "Sources", settlingTime: second).reused == 0)
    }

    @Test func aDirectoryReplacedByALinkIsSeen() throws {
        let tree = try Self.makeTree()
        try tree.write("Elsewhere/E.swift")
        Self.listAndSave(tree, "Sources")
        Self.listAndSave(tree, "Sources/Sub")
        usleep(Self.pause)
        try FileManager.default.removeItem(atPath: tree.path("Sources/Sub"))
        try tree.link("Sources/Sub", to: tree.path("Elsewhere"))
        let parent = Self.listAndSave(tree, "Sources")
        #expect(parent.reused == 0)
        #expect(parent.entries.first { $0.name == "Sub" }?.kind == .symlinkToDirectory)
        let linked = Self.listAndSave(tree, "Sources/Sub")
        #expect(linked.reused == 0)
        #expect(linked.entries.map(\.name) == ["E.swift"])
    }

    /// A link's kind is its target's, which can change while the directory holding the link does not.
    @Test func aListingWithALinkIsNeverStored() throws {
        let tree = try Self.makeTree()
        try tree.write("Target/T.swift")
        try tree.link("Sources/Linked.swift", to: tree.path("Target/T.swift"))
        Self.listAndSave(tree, "Sources")
        try FileManager.default.removeItem(atPath: tree.path("Target/T.swift"))
        try tree.makeDirectory("Target/T.swift")
        let again = Self.listAndSave(tree, "Sources")
        #expect(again.reused == 0)
        #expect(again.entries.first { $0.name == "Linked.swift" }?.kind == .symlinkToDirectory)
    }

    @Test func aDamagedOrForeignFileIsIgnored() throws {
        let tree = try Self.makeTree()
        Self.listAndSave(tree, "Sources")
        let path = tree.path(".dibuild/App.didirs")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(StoredListings(bytes) != nil)
        for damaged in [Array(bytes.dropLast()), bytes.enumerated().map { $0 == 40 ? $1 ^ 1 : $1 }, [UInt8]("x".utf8)] {
            #expect(StoredListings(damaged) == nil)
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            #expect(Self.listAndSave(tree, "Sources").reused == 0)
        }
        #expect(Self.listAndSave(tree, "Sources").reused == 1)
    }

    /// A directory whose Swift file cannot be stat'ed (no search permission, which root's tests cannot
    /// take away) would be read and written again on every run if its listing were kept.
    @Test func aListingWithAFileThatCouldNotBeStatedIsNotKept() {
        var builder = StoredListings.RecordBuilder()
        "A.swift".withCString { builder.add(name: $0, type: 8) }
        #expect(builder.isStorable && builder.entryCount == 1)
        "B.swift".withCString { builder.add(name: $0, type: 8, isComplete: false) }
        #expect(!builder.isStorable)
    }

    @Test func aDirectoryThatCannotBeListedIsNil() throws {
        let tree = try Self.makeTree()
        #expect(Self.cache(tree).entries(ofDirectory: tree.path("Missing")) == nil)
        #expect(Self.cache(tree).entries(ofDirectory: tree.path("Sources/A.swift")) == nil)
    }

    /// The inventory through stored listings is the inventory through the disk: sources, their stats,
    /// diagnostics and directories, however many of its listings were stored.
    @Test func theInventoryIsTheSameWithStoredListings() throws {
        let tree = try Self.makeTree()
        try tree.write("Sources/Sub/Deeper/E.swift")
        try tree.write("Sources/Excluded/F.swift")
        try tree.write("Target/T.swift")
        try tree.link("Sources/Sub/Linked.swift", to: tree.path("Target/T.swift"))
        let settings = tree.settings(include: ["Sources", "Sources/Sub"], exclude: ["Sources/Excluded"])
        let expected = tree.inventory(settings)
        for round in 0..<3 {
            let cache = Self.cache(tree)
            let inventory = InventoryBuilder.build(for: settings, currentDirectory: tree.root, listingCache: cache)
            #expect(inventory == expected)
            #expect(
                inventory.walkedStatuses.statuses(for: inventory.sources)
                    == expected.walkedStatuses.statuses(for: expected.sources))
            cache.save()
            // `Sources/Sub` holds a link and is read every time; `Sources` and `Sources/Sub/Deeper` (walked
            // twice) come from the listings stored in the first round.
            #expect(cache.reusedCount == (round == 0 ? 0 : 3))
        }
    }
}
