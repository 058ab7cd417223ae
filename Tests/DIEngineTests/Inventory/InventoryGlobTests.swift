import Testing

@testable import DIEngine

@Suite struct InventoryGlobTests {
    private func makeTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        for file in [
            "Sources/A.swift", "Sources/B.swift", "Sources/AB.swift", "Sources/Notes.txt", "Sources/.Hidden.swift",
            "Sources/Feature/Login.swift", "Sources/Feature/Deep/Token.swift", "Sources/.build/Cached.swift",
            "Sources/{A,B}x.swift", "Sources/[A].swift",
        ] {
            try tree.write(file)
        }
        return tree
    }

    @Test func starMatchesWithinOneComponent() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/*.swift"]))
        #expect(
            inventory.sources == [
                "Sources/A.swift", "Sources/AB.swift", "Sources/B.swift", "Sources/[A].swift", "Sources/{A,B}x.swift",
            ])
        #expect(inventory.directories == ["Sources"])
    }

    @Test func questionMarkMatchesExactlyOneCharacter() throws {
        let tree = try makeTree()
        try tree.write("Sources/É.swift")
        let inventory = tree.inventory(tree.settings(include: ["Sources/?.swift"]))
        #expect(inventory.sources == ["Sources/A.swift", "Sources/B.swift", "Sources/É.swift"])
    }

    @Test func doubleStarMatchesZeroOrMoreVisibleDirectories() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/**/*n.swift", "**/Token.swift"]))
        #expect(inventory.sources == ["Sources/Feature/Deep/Token.swift", "Sources/Feature/Login.swift"])
        #expect(inventory.directories == [".", "Sources", "Sources/Feature", "Sources/Feature/Deep"])
    }

    @Test func bracketsAndBracesAreLiteral() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/{A,B}*.swift", "Sources/[A]*"]))
        #expect(inventory.sources == ["Sources/[A].swift", "Sources/{A,B}x.swift"])
    }

    @Test func wildcardsMatchHiddenNamesOnlyWhenThePatternStartsWithADot() throws {
        let tree = try makeTree()
        let plain = tree.inventory(tree.settings(include: ["Sources/*"]))
        let dotted = tree.inventory(tree.settings(include: ["Sources/.*.swift", "Sources/.b*/*.swift"]))
        #expect(!plain.sources.contains { $0.contains("/.") })
        #expect(dotted.sources == ["Sources/.Hidden.swift", "Sources/.build/Cached.swift"])
    }

    @Test func aGlobMatchingADirectoryWalksIt() throws {
        let tree = try makeTree()
        let inventory = tree.inventory(tree.settings(include: ["Sources/F*"]))
        #expect(inventory.sources == ["Sources/Feature/Deep/Token.swift", "Sources/Feature/Login.swift"])
        #expect(inventory.directories == ["Sources", "Sources/Feature", "Sources/Feature/Deep"])
    }

    @Test func warnsForAGlobThatMatchesNoFiles() throws {
        let tree = try makeTree()
        var settings = tree.settings(include: ["Sources/*.swift", "Sources/*.m", "Nowhere/**/*.swift"])
        settings.include.append(PathEntry(text: "Sources/*.txt", base: "."))

        let inventory = tree.inventory(settings)

        #expect(
            inventory.diagnostics == [
                .warning(
                    "I07", "pattern 'Sources/*.m' matched no files",
                    at: SourceLocation(path: "deli.yml", line: 2, column: 7)),
                .warning(
                    "I07", "pattern 'Nowhere/**/*.swift' matched no files",
                    at: SourceLocation(path: "deli.yml", line: 3, column: 7)),
                .warning("I07", "pattern 'Sources/*.txt' matched no files"),
            ])
    }

    @Test func doubleStarDoesNotFollowLinksToDirectories() throws {
        let tree = try makeTree()
        try tree.link("Sources/Loop", to: tree.path("Sources"))
        let inventory = tree.inventory(tree.settings(include: ["Sources/**/Login.swift"]))
        #expect(inventory.sources == ["Sources/Feature/Login.swift"])
        #expect(!inventory.directories.contains { $0.contains("Loop") })
    }
}
