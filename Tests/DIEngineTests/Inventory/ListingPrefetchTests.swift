import Foundation
import Testing

@testable import DIEngine

/// The walk with its directories listed ahead on a second thread (`ListingPrefetch`) finds what the
/// serial walk finds, in the same order, with the same diagnostics, whatever the timing.
@Suite struct ListingPrefetchTests {
    private static func settings(include: [String], exclude: [String] = []) -> TargetSettings {
        TargetSettings(
            name: "App", configPath: "deli.yml", configDirectory: ".",
            include: include.map { PathEntry(text: $0, base: ".", location: nil) },
            exclude: exclude.map { PathEntry(text: $0, base: ".", location: nil) },
            className: "AppFactory", outputPath: "Generated/AppFactory.swift", properties: [],
            outputReference: "Generated/AppFactory.swift", dependencies: [])
    }

    private static func inventory(
        _ disk: any DiskInterface, root: String, include: [String], exclude: [String] = [], prefetching: Bool
    ) -> Inventory {
        InventoryBuilder.build(
            for: settings(include: include, exclude: exclude), currentDirectory: root, skippingGeneratedFiles: true,
            disk: disk, prefetchesListings: prefetching)
    }

    /// Everything an inventory reports, statuses included (`Inventory`'s equality leaves them out).
    private static func expectSameWalk(_ parallel: Inventory, _ serial: Inventory) {
        #expect(parallel == serial)
        #expect(parallel.diagnostics.map(\.message) == serial.diagnostics.map(\.message))
        #expect(
            parallel.walkedStatuses.statuses(for: parallel.sources)
                == serial.walkedStatuses.statuses(for: serial.sources))
    }

    /// Twenty features of three levels each, a hidden and an excluded subtree, files at every level.
    private static func generatedTree(root: String) -> [String: String] {
        var files: [String: String] = ["\(root)/Sources/Top.swift": "", "\(root)/Sources/.Hidden/H.swift": ""]
        for feature in 0..<20 {
            let directory = "\(root)/Sources/Feature\(feature)"
            files["\(directory)/Main.swift"] = ""
            files["\(directory)/Deep/Inner/Leaf.swift"] = ""
            files["\(directory)/Deep-x/Side.swift"] = ""
            files["\(directory)/notes.txt"] = ""
        }
        files["\(root)/Sources/Excluded/Deep/E.swift"] = ""
        return files
    }

    @Test func aPrefetchedWalkOfADiskDoubleIsTheSerialWalk() {
        let disk = InMemoryDisk(Self.generatedTree(root: "/app"))
        let serial = Self.inventory(
            disk, root: "/app", include: ["Sources"], exclude: ["Sources/Excluded"], prefetching: false)
        #expect(serial.sources.count == 61)
        for _ in 0..<20 {
            let parallel = Self.inventory(
                disk, root: "/app", include: ["Sources"], exclude: ["Sources/Excluded"], prefetching: true)
            Self.expectSameWalk(parallel, serial)
        }
    }

    /// A slow disk makes the walk wait for listings the worker is making, and take over queued ones.
    @Test func everyDirectoryIsListedOnceAndExcludedOnesNever() {
        let disk = RecordingDisk(InMemoryDisk(Self.generatedTree(root: "/app")), delay: 200)
        let serial = Self.inventory(
            InMemoryDisk(Self.generatedTree(root: "/app")), root: "/app", include: ["Sources", "Sources/Feature3"],
            exclude: ["Sources/Excluded", "Sources/*/Deep-x"], prefetching: false)
        let parallel = Self.inventory(
            disk, root: "/app", include: ["Sources", "Sources/Feature3"],
            exclude: ["Sources/Excluded", "Sources/*/Deep-x"], prefetching: true)
        Self.expectSameWalk(parallel, serial)
        let listed = disk.listed
        #expect(listed.count == Set(listed).count, "a directory was listed twice")
        #expect(Set(listed) == Set(serial.directories.map { "/app/" + $0 }))
        #expect(!listed.contains { $0.contains("Excluded") || $0.contains("Deep-x") || $0.contains(".Hidden") })
    }

    @Test func aPrefetchedWalkOfARealTreeIsTheSerialWalk() throws {
        let tree = try TemporaryTree()
        for feature in 0..<30 {
            for file in 0..<10 { try tree.write("Sources/F\(feature)/Sub\(file % 3)/File\(file).swift") }
            try tree.write("Sources/F\(feature)/Direct.swift")
        }
        try tree.write("Sources/.build/Hidden.swift")
        try tree.write("Sources/Skipped/S.swift")
        try tree.link("Sources/LinkToF1", to: tree.path("Sources/F1"))
        try tree.link("Sources/LinkToFile.swift", to: tree.path("Sources/F1/Direct.swift"))
        // Names that are not UTF-8, in two directories: I-diagnostics in walk order.
        for directory in ["Sources/F2/", "Sources/F25/Sub1/"] {
            let path = Array(tree.path(directory).utf8) + [0x42, 0xFF] + Array(".swift".utf8)
            let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let serial = Self.inventory(
            LocalDisk(), root: tree.root, include: ["Sources"], exclude: ["Sources/Skipped"], prefetching: false)
        #expect(serial.sources.count == 30 * 11 + 1)
        #expect(serial.diagnostics.count == 2)
        #expect(serial.walkedStatuses.statuses(for: serial.sources)?.allSatisfy { $0 != nil } == true)
        for _ in 0..<10 {
            let parallel = Self.inventory(
                LocalDisk(), root: tree.root, include: ["Sources"], exclude: ["Sources/Skipped"], prefetching: true)
            Self.expectSameWalk(parallel, serial)
        }
    }
}

/// A disk double that records, from any thread, which directories were listed, optionally slowly.
private final class RecordingDisk: DiskInterface, @unchecked Sendable {
    private let disk: InMemoryDisk
    private let delay: UInt32
    private let lock = ConditionLock()
    private var listings: [String] = []

    /// `delay` in microseconds per listing.
    init(_ disk: InMemoryDisk, delay: UInt32) {
        self.disk = disk
        self.delay = delay
    }

    var listed: [String] { lock.withLock { listings } }

    func kind(of path: String) -> EntryKind? { disk.kind(of: path) }

    func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        lock.withLock { listings.append(path) }
        usleep(delay)
        return disk.entries(ofDirectory: path)
    }

    func firstBytes(of path: String, count: Int) -> [UInt8] { disk.firstBytes(of: path, count: count) }

    func contents(of path: String) -> Result<[UInt8], FileSystemError> { disk.contents(of: path) }
}
