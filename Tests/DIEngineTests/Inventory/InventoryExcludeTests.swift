import Testing

@testable import DIEngine

@Suite struct InventoryExcludeTests {
    private func makeTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        for file in [
            "Sources/App.swift", "Sources/AppPreview.swift", "Sources/Mock/Fake.swift", "Sources/Mock/Deep/Stub.swift",
            "Sources/MockData/Sample.swift", "Sources/Feature/Generated/Made.swift", "Sources/Feature/Screen.swift",
            "Sources/Feature/ScreenPreview.swift",
        ] {
            try tree.write(file)
        }
        return tree
    }

    @Test func aLiteralEntryExcludesByWholeComponentsAndIsNeverWalked() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources"], exclude: ["Sources/Mock"]))
        #expect(!inventory.sources.contains { $0.hasPrefix("Sources/Mock/") })
        #expect(inventory.sources.contains("Sources/MockData/Sample.swift"))
        #expect(
            inventory.directories == ["Sources", "Sources/Feature", "Sources/Feature/Generated", "Sources/MockData"])
    }

    @Test func aLiteralEntryCanNameASingleFile() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(
            tree.settings(include: ["Sources/*.swift"], exclude: ["Sources/AppPreview.swift"]))
        #expect(inventory.sources == ["Sources/App.swift"])
    }

    @Test func aGlobExcludesCompleteMatchesAndSubtreesOfMatchedDirectories() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(
            tree.settings(include: ["Sources"], exclude: ["**/*Preview.swift", "Sources/*/Generated", "Sources/M?ck"]))
        #expect(
            inventory.sources == ["Sources/App.swift", "Sources/Feature/Screen.swift", "Sources/MockData/Sample.swift"])
        #expect(inventory.directories == ["Sources", "Sources/Feature", "Sources/MockData"])
    }

    @Test func aGlobMustMatchTheWholePath() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources"], exclude: ["*Preview.swift", "Mock"]))
        #expect(inventory.sources.contains("Sources/AppPreview.swift"))
        #expect(inventory.sources.contains("Sources/Mock/Fake.swift"))
    }

    @Test func entriesAndCandidatesAreComparedAsAbsolutePaths() throws {
        let tree = try makeTree()
        var settings = tree.settings(include: ["Sources"], exclude: ["Sources/Feature/../Mock"])
        settings.exclude.append(PathEntry(text: tree.path("Sources/MockData"), base: "."))
        settings.exclude.append(PathEntry(text: tree.path("Sources/Feature") + "/*Preview.swift", base: "."))

        let inventory = tree.inventory(settings)

        #expect(
            inventory.sources == [
                "Sources/App.swift", "Sources/AppPreview.swift", "Sources/Feature/Generated/Made.swift",
                "Sources/Feature/Screen.swift",
            ])
    }

    @Test func excludedDirectoriesAreNotEnumeratedByGlobsEither() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/**/*.swift"], exclude: ["Sources/Feature"]))
        #expect(
            inventory.sources == [
                "Sources/App.swift", "Sources/AppPreview.swift", "Sources/Mock/Deep/Stub.swift",
                "Sources/Mock/Fake.swift", "Sources/MockData/Sample.swift",
            ])
        #expect(!inventory.directories.contains { $0.hasPrefix("Sources/Feature") })
    }

    @Test func excludingAnIncludedLiteralFileDropsIt() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/App.swift"], exclude: ["Sources"]))
        #expect(inventory.sources.isEmpty)
        #expect(inventory.diagnostics.map(\.code) == ["I12"])
    }
}
