import Foundation
import Testing

@testable import DIEngine

/// A walk shared with a helper thread (`SharedWalk`) must find what a walk on one thread finds, in the same
/// order, whichever thread lists which directory.
@Suite struct SharedWalkTests {
    /// A tree of many directories, wide and deep, with links, hidden and excluded entries and names that are
    /// not UTF-8; the same file names repeat so that only the order of the walk tells them apart.
    private static func makeTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        var generator = SeededGenerator(seed: 13)
        for package in 0..<6 {
            for module in 0..<Int(generator.next() % 5 + 1) {
                var directory = "Sources/Package\(package)/Module\(module)"
                for depth in 0..<Int(generator.next() % 4) {
                    for file in 0..<Int(generator.next() % 4) {
                        try tree.write("\(directory)/File\(file).swift")
                    }
                    try tree.write("\(directory)/notes\(depth).md", "text\n")
                    directory += depth % 2 == 0 ? "/Deeper" : "/a\(depth)"
                }
                try tree.write("\(directory)/Leaf.swift")
                try tree.makeDirectory("\(directory)/Empty")
            }
        }
        try tree.write("Sources/Top.swift")
        try tree.write("Sources/Package1/.Hidden/Secret.swift")
        try tree.write("Sources/Package2/Excluded/Skipped.swift")
        try tree.write("Sources/Package3/Module0/Skipped.generated.swift")
        try tree.write("Shared/Common.swift")
        try tree.link("Sources/Package4/Linked.swift", to: tree.path("Shared/Common.swift"))
        try tree.link("Sources/Package4/LinkedDirectory", to: tree.path("Shared"))
        try tree.link("Sources/Package5/Dangling.swift", to: tree.path("Nowhere.swift"))
        try makeNonUTF8Names(in: tree.path("Sources/Package0"))
        return tree
    }

    /// A file and a directory whose names hold the byte 0xFF, which never occurs in UTF-8.
    private static func makeNonUTF8Names(in directory: String) throws {
        let parent = Array((directory + "/").utf8)
        let badDirectory = parent + [UInt8(ascii: "D"), 0xFF]
        #expect(mkdir(badDirectory.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
        let badFile = parent + Array("Bad".utf8) + [0xFF] + Array(".swift".utf8)
        let descriptor = open(badFile.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
    }

    private static func inventory(of tree: TemporaryTree, helperAllowed: Bool) -> Inventory {
        let settings = tree.settings(
            include: ["Sources", "Sources/Package1"], exclude: ["Sources/Package2/Excluded", "**/*.generated.swift"])
        return InventoryBuilder.build(
            for: settings, currentDirectory: tree.root, skippingGeneratedFiles: true, disk: LocalDisk(),
            helperAllowed: helperAllowed)
    }

    @Test func findsWhatOneThreadFindsInTheSameOrder() throws {
        let tree = try Self.makeTree()
        let serial = Self.inventory(of: tree, helperAllowed: false)
        #expect(serial.sources.count > 30)
        #expect(serial.directories.count > 40)
        #expect(serial.sources.contains("Sources/Package4/Linked.swift"))
        #expect(!serial.sources.contains { $0.contains("Skipped") || $0.contains("Hidden") || $0.contains("Shared") })
        #expect(serial.diagnostics.map(\.code) == ["I13", "I13"])
        for _ in 0..<40 {
            let shared = Self.inventory(of: tree, helperAllowed: true)
            #expect(shared.sources == serial.sources)
            #expect(shared.walkedStatuses == serial.walkedStatuses)
            #expect(shared.directories == serial.directories)
            #expect(shared.diagnostics == serial.diagnostics)
        }
    }

    /// Listings on the calling thread are slow here, so the helper lists most directories, and the walk's
    /// own order must come out of listings finished in another.
    @Test func theHelperThreadListsDirectoriesAndTheOrderStays() throws {
        let tree = try Self.makeTree()
        let serial = Self.inventory(of: tree, helperAllowed: false)
        let disk = SlowOnCallerDisk(caller: pthread_self())
        let lister = DirectoryLister(currentDirectory: tree.root, disk: disk)
        let excluder = ExcludeMatcher(
            tree.settings(include: [], exclude: ["Sources/Package2/Excluded", "**/*.generated.swift"]).exclude,
            currentDirectory: tree.root)
        let walk = SharedWalk(lister: lister, excluder: excluder, helperAllowed: true)
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        walk.run(InventoryPath(display: "Sources", absolute: tree.path("Sources")), ancestorsChecked: false) {
            switch $0 {
            case .file(let display, _): files.append(display)
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            case .enter, .leave: break
            }
        }
        #expect(walk.listedByHelper > 0)
        #expect(files == serial.sources)
        #expect(diagnostics == serial.diagnostics)
    }

    @Test func feedsTheCandidatesInTheInventorysOrder() throws {
        let tree = try Self.makeTree()
        let settings = tree.settings(include: ["Sources"])
        for _ in 0..<20 {
            let feed = WalkFeed()
            let inventory = InventoryBuilder.build(
                for: settings, currentDirectory: tree.root, skippingGeneratedFiles: false, disk: LocalDisk(),
                feed: feed, helperAllowed: true)
            var fed: [String] = []
            while let batch = feed.next() { fed += batch.files }
            #expect(fed == inventory.sources)
        }
    }

    @Test func walksATreeListedInAnyOrder() {
        var files: [String: String] = [:]
        for directory in 0..<30 {
            for file in 0..<3 {
                files["/app/Sources/D\(directory % 7)/S\(directory)/F\(file).swift"] = "struct A {}\n"
            }
            files["/app/Sources/D\(directory % 7)/Z.swift"] = "struct B {}\n"
        }
        let disk = InMemoryDisk(files)
        let settings = TargetSettings.inventoryTestApp(include: ["Sources"])
        let serial = InventoryBuilder.build(
            for: settings, currentDirectory: "/app", skippingGeneratedFiles: false, disk: disk, helperAllowed: false)
        #expect(serial.sources.count == 97)
        #expect(ByteOrder.isStrictlyIncreasing(serial.sources, by: { $0 }))
        for _ in 0..<20 {
            let shared = InventoryBuilder.build(
                for: settings, currentDirectory: "/app", skippingGeneratedFiles: false, disk: disk,
                helperAllowed: true)
            #expect(shared.sources == serial.sources)
            #expect(shared.directories == serial.directories)
        }
    }
}

/// The local disk, but a listing asked for on the thread `caller` takes a millisecond longer.
private struct SlowOnCallerDisk: DiskInterface, @unchecked Sendable {
    let caller: pthread_t
    private let disk = LocalDisk()

    init(caller: pthread_t) { self.caller = caller }

    func kind(of path: String) -> EntryKind? { disk.kind(of: path) }

    func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        if pthread_equal(pthread_self(), caller) != 0 { usleep(1_000) }
        return disk.entries(ofDirectory: path)
    }

    func firstBytes(of path: String, count: Int) -> [UInt8] { disk.firstBytes(of: path, count: count) }

    func contents(of path: String) -> Result<[UInt8], FileSystemError> { disk.contents(of: path) }
}
