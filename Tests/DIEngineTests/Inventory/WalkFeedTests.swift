import Testing

@testable import DIEngine

/// The walk hands its candidates over while it goes (`WalkFeed`): in walk order, to another thread, and the
/// consumer learns when the walk is over.
@Suite struct WalkFeedTests {
    private static func settings(include: [String]) -> TargetSettings {
        TargetSettings(
            name: "App", configPath: "deli.yml", configDirectory: ".",
            include: include.map { PathEntry(text: $0, base: ".", location: nil) }, exclude: [],
            className: "AppFactory", outputPath: "Generated/AppFactory.swift", properties: [],
            outputReference: "Generated/AppFactory.swift", dependencies: [])
    }

    /// Everything a consumer on another thread takes from `feed` until it is finished (a status per file).
    private static func consumed(_ feed: WalkFeed) -> BackgroundWork<[String]> {
        BackgroundWork {
            var files: [String] = []
            while let batch = feed.next() {
                files += batch.files
                if batch.statuses.count != batch.files.count { files.append("(statuses missing)") }
            }
            return files
        }
    }

    @Test func aWalkFeedsItsSourcesInInventoryOrder() {
        let disk = InMemoryDisk([
            "/app/Sources/b.swift": "", "/app/Sources/A.swift": "", "/app/Sources/a/y.swift": "",
            "/app/Sources/a-b/x.swift": "", "/app/Sources/a0/z.swift": "", "/app/Sources/a/a/w.swift": "",
            "/app/Sources/notes.txt": "",
        ])
        let feed = WalkFeed()
        let consumer = Self.consumed(feed)
        let inventory = InventoryBuilder.build(
            for: Self.settings(include: ["Sources"]), currentDirectory: "/app", skippingGeneratedFiles: false,
            disk: disk, feed: feed)
        #expect(inventory.sources.count == 6)
        #expect(consumer.wait() == inventory.sources)
    }

    /// Overlapping entries feed a file once per walk that reaches it: the feed then differs from the
    /// inventory, which a consumer must check (`FreshnessPrecheck.take(for:)`).
    @Test func overlappingEntriesFeedEveryCandidate() {
        let disk = InMemoryDisk(["/app/Sources/a/x.swift": "", "/app/Sources/b.swift": ""])
        let feed = WalkFeed()
        let consumer = Self.consumed(feed)
        let inventory = InventoryBuilder.build(
            for: Self.settings(include: ["Sources/a", "Sources"]), currentDirectory: "/app",
            skippingGeneratedFiles: false, disk: disk, feed: feed)
        #expect(inventory.sources == ["Sources/a/x.swift", "Sources/b.swift"])
        #expect(consumer.wait() == ["Sources/a/x.swift", "Sources/a/x.swift", "Sources/b.swift"])
    }

    /// A walk told how many files to expect (fewer, as many or more than it finds) finds the same sources and
    /// stats, in the same order, and feeds every one of them.
    @Test func anExpectedCountChangesNothingTheWalkFinds() {
        var files: [String: String] = [:]
        for directory in 0..<7 {
            for file in 0..<40 { files["/app/Sources/D\(directory)/F\(file).swift"] = "" }
        }
        let disk = InMemoryDisk(files)
        let settings = Self.settings(include: ["Sources"])
        let plain = InventoryBuilder.build(
            for: settings, currentDirectory: "/app", skippingGeneratedFiles: false, disk: disk)
        for expected in [0, 5, 100, 280, 1_000, Int.max] {
            let feed = WalkFeed()
            feed.expect(expected)
            let consumer = Self.consumed(feed)
            let inventory = InventoryBuilder.build(
                for: settings, currentDirectory: "/app", skippingGeneratedFiles: false, disk: disk, feed: feed)
            #expect(inventory.sources.count == 280)
            #expect(inventory.sources == plain.sources)
            #expect(
                inventory.walkedStatuses.statuses(for: inventory.sources)
                    == plain.walkedStatuses.statuses(for: plain.sources))
            #expect(consumer.wait() == inventory.sources)
        }
    }

    /// An inventory that fails (a missing entry) still finishes the feed, so no consumer waits forever.
    @Test func aFailedInventoryFinishesTheFeed() {
        let feed = WalkFeed()
        let consumer = Self.consumed(feed)
        let inventory = InventoryBuilder.build(
            for: Self.settings(include: ["Missing"]), currentDirectory: "/app", skippingGeneratedFiles: false,
            disk: InMemoryDisk([:]), feed: feed)
        #expect(inventory.hasErrors)
        #expect(consumer.wait().isEmpty)
    }

    /// A consumer that hands its batches back gets every candidate once, in order, whatever the producer
    /// appends into the storage it handed back.
    @Test func recycledBatchesLoseAndRepeatNothing() {
        let feed = WalkFeed()
        let consumer = BackgroundWork {
            var files: [String] = []
            var sizes: [UInt64?] = []
            while let batch = feed.next() {
                files += batch.files
                sizes += batch.statuses.map { $0?.size }
                feed.recycle(batch)
            }
            return (files, sizes)
        }
        let names = (0..<1_000).map { "F\($0).swift" }
        for start in stride(from: 0, to: names.count, by: 3) {
            let batch = start..<min(start + 3, names.count)
            feed.append(
                files: names[batch], statuses: batch.map { FileStatus(size: UInt64($0), modificationTime: 0, inode: 0) }
            )
        }
        feed.finish()
        let (files, sizes) = consumer.wait()
        #expect(files == names)
        #expect(sizes == names.indices.map { UInt64($0) })
    }

    @Test func batchesArriveInOrderAndEndAtFinish() {
        let feed = WalkFeed()
        let consumer = Self.consumed(feed)
        let names = (0..<300).map { "F\($0).swift" }
        for start in stride(from: 0, to: names.count, by: 7) {
            let batch = names[start..<min(start + 7, names.count)]
            feed.append(files: batch, statuses: batch.map { _ in FileStatus?.none })
        }
        feed.append(files: [String](), statuses: [FileStatus?]())
        feed.finish()
        #expect(consumer.wait() == names)
        #expect(feed.next() == nil)
    }
}
