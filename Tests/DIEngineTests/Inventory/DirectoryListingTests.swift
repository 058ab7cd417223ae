import Foundation
import Testing

@testable import DIEngine

/// How often an inventory lists each directory: once, whether a walk or a glob reaches it first, although a
/// walk keeps none of its listings.
@Suite struct DirectoryListingTests {
    /// An `InMemoryDisk` that counts the listings asked of it.
    private struct CountingDisk: DiskInterface {
        /// Locked: a walk lists directories on two threads (`SharedWalk`).
        final class Counts: @unchecked Sendable {
            private let lock = NSLock()
            private var counted: [String: Int] = [:]

            var listings: [String: Int] { lock.withLock { counted } }

            func count(_ path: String) { lock.withLock { counted[path, default: 0] += 1 } }
        }

        let disk: InMemoryDisk
        let counts = Counts()

        func kind(of path: String) -> EntryKind? { disk.kind(of: path) }

        func entries(ofDirectory path: String) -> [DirectoryEntry]? {
            counts.count(path)
            return disk.entries(ofDirectory: path)
        }

        func firstBytes(of path: String, count: Int) -> [UInt8] { disk.firstBytes(of: path, count: count) }

        func contents(of path: String) -> Result<[UInt8], FileSystemError> { disk.contents(of: path) }
    }

    private static let files = [
        "/app/Sources/a/x.swift": "", "/app/Sources/a/b/y.swift": "", "/app/Sources/z.swift": "",
        "/app/Sources/VeryLongDirectoryName/w.swift": "", "/app/Sources/VeryLongDirectoryName.swift": "",
        "/app/Sources/VeryLongDirectoryName-2.swift": "",
    ]

    private func inventory(include: [String], disk: CountingDisk) -> Inventory {
        InventoryBuilder.build(
            for: .inventoryTestApp(include: include), currentDirectory: "/app", skippingGeneratedFiles: false,
            disk: disk)
    }

    private static let expected = [
        "Sources/VeryLongDirectoryName-2.swift", "Sources/VeryLongDirectoryName.swift",
        "Sources/VeryLongDirectoryName/w.swift", "Sources/a/b/y.swift", "Sources/a/x.swift", "Sources/z.swift",
    ]

    /// One walk: every directory listed once, and its files in byte order without a sort at the end, even
    /// where names agree in their first 16 bytes.
    @Test func aWalkListsEachDirectoryOnceAndFindsItsFilesInOrder() {
        let disk = CountingDisk(disk: InMemoryDisk(Self.files))
        let result = inventory(include: ["Sources"], disk: disk)
        #expect(result.sources == Self.expected)
        #expect(disk.counts.listings.values.allSatisfy { $0 == 1 })
        #expect(disk.counts.listings.count == 4)
    }

    /// A `**` glob lists the directories its matches are then walked through: the walk takes those listings.
    @Test func aGlobsListingsServeTheWalkOfItsMatches() {
        let disk = CountingDisk(disk: InMemoryDisk(Self.files))
        let result = inventory(include: ["Sources/**"], disk: disk)
        #expect(result.sources == Self.expected)
        #expect(disk.counts.listings.values.allSatisfy { $0 == 1 })
        #expect(result.directories == ["Sources", "Sources/VeryLongDirectoryName", "Sources/a", "Sources/a/b"])
    }
}
