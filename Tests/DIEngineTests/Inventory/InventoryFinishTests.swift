import Testing

@testable import DIEngine

/// What the walk hands over once every entry is included: the sources with the stats taken of them, in
/// step however the files were reached, and whether the output file was among them.
@Suite struct InventoryFinishTests {
    private static func sizes(_ inventory: Inventory) -> [UInt64?]? {
        inventory.walkedStatuses.statuses(for: inventory.sources).map { $0.map { $0?.size } }
    }

    @Test func statusesStayWithTheirSourcesWhenDeduplicatedOrSorted() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/a/x.swift", "x")
        try tree.write("Sources/b.swift", "bb")
        try tree.write("Sources/c.swift", "ccc")

        let walked = tree.inventory(tree.settings(include: ["Sources"]))
        let overlapping = tree.inventory(tree.settings(include: ["Sources/a", "Sources"]))
        // A literal file is not stat'd by the walk; found first, it is sorted after the walked file.
        let literalFirst = tree.inventory(tree.settings(include: ["Sources/c.swift", "Sources/a"]))

        #expect(walked.sources == ["Sources/a/x.swift", "Sources/b.swift", "Sources/c.swift"])
        #expect(Self.sizes(walked) == [1, 2, 3])
        #expect(overlapping.sources == walked.sources)
        #expect(Self.sizes(overlapping) == [1, 2, 3])
        #expect(literalFirst.sources == ["Sources/a/x.swift", "Sources/c.swift"])
        #expect(Self.sizes(literalFirst) == [1, nil])
    }

    @Test func theOutputIsLeftOutHoweverItWasReached() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/App.swift")
        try tree.write("Sources/Gen/AppFactory.swift")
        try tree.write("Other/AppFactory.swift")
        let output = "Sources/Gen/AppFactory.swift"

        let walked = tree.inventory(tree.settings(include: ["Sources"], output: output))
        let literal = tree.inventory(
            tree.settings(include: ["Sources/App.swift", "./Sources/Gen/../Gen/AppFactory.swift"], output: output))
        let sameName = tree.inventory(tree.settings(include: ["Other", "Sources/App.swift"], output: output))
        let elsewhere = tree.inventory(
            tree.settings(include: ["Sources"], output: "../x/AppFactory.swift", base: "Sources/.."))

        #expect(walked.sources == ["Sources/App.swift"])
        #expect(walked.skippedOutput)
        #expect(literal.sources == ["Sources/App.swift"])
        #expect(literal.skippedOutput)
        #expect(sameName.sources == ["Other/AppFactory.swift", "Sources/App.swift"])
        #expect(!sameName.skippedOutput)
        #expect(elsewhere.sources.count == 2)
        #expect(!elsewhere.skippedOutput)
    }
}
