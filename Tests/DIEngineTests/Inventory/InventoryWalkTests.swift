import Testing

@testable import DIEngine

@Suite struct InventoryWalkTests {
    @Test func walksRecursivelyInByteOrderKeepingOnlySwiftFiles() throws {
        let tree = try TemporaryTree()
        for file in [
            "Sources/b.swift", "Sources/B.swift", "Sources/a/Z.swift", "Sources/a/z/Deep.swift", "Sources/Ä.swift",
        ] {
            try tree.write(file)
        }
        try tree.write("Sources/README.md", "# not Swift\n")
        try tree.write("Sources/a/notes.txt", "text\n")

        let inventory = tree.inventory(tree.settings(include: ["Sources"]))

        #expect(
            inventory.sources == [
                "Sources/B.swift", "Sources/a/Z.swift", "Sources/a/z/Deep.swift", "Sources/b.swift", "Sources/Ä.swift",
            ])
        #expect(inventory.directories == ["Sources", "Sources/a", "Sources/a/z"])
        #expect(inventory.diagnostics.isEmpty)
    }

    @Test func skipsHiddenFilesAndDirectoriesDuringWalks() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/Visible.swift")
        try tree.write("Sources/.Hidden.swift")
        try tree.write("Sources/.build/Checkout.swift")

        let inventory = tree.inventory(tree.settings(include: ["Sources"]))

        #expect(inventory.sources == ["Sources/Visible.swift"])
        #expect(inventory.directories == ["Sources"])
    }

    @Test func keepsALiterallyNamedFileWhateverItsNameOrVisibility() throws {
        let tree = try TemporaryTree()
        try tree.write("Scripts/tool.swiftscript")
        try tree.write(".hidden/Secret.swift")

        let inventory = tree.inventory(tree.settings(include: ["Scripts/tool.swiftscript", ".hidden/Secret.swift"]))

        #expect(inventory.sources == [".hidden/Secret.swift", "Scripts/tool.swiftscript"])
        #expect(inventory.directories.isEmpty)
    }

    @Test func followsLinksToFilesButNotToDirectories() throws {
        let tree = try TemporaryTree()
        try tree.write("Shared/Common.swift")
        try tree.write("Shared/Deeper/Other.swift")
        try tree.makeDirectory("Sources")
        try tree.write("Sources/Own.swift")
        try tree.link("Sources/Linked.swift", to: tree.path("Shared/Common.swift"))
        try tree.link("Sources/SharedDir", to: tree.path("Shared"))
        try tree.link("Sources/Dangling.swift", to: tree.path("Nowhere.swift"))

        let inventory = tree.inventory(tree.settings(include: ["Sources"]))

        #expect(inventory.sources == ["Sources/Linked.swift", "Sources/Own.swift"])
        #expect(inventory.directories == ["Sources"])
    }

    @Test func reportsMissingLiteralEntriesAtTheirConfigLocation() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/A.swift")
        var settings = tree.settings(include: ["Sources", "Missing"])
        settings.include.append(PathEntry(text: "Gone.swift", base: "."))

        let inventory = tree.inventory(settings)

        #expect(inventory.sources == ["Sources/A.swift"])
        #expect(
            inventory.diagnostics == [
                .error("I06", "'Missing' does not exist", at: SourceLocation(path: "deli.yml", line: 2, column: 7)),
                .error("I06", "'Gone.swift' does not exist"),
            ])
        #expect(inventory.hasErrors)
    }

    @Test func warnsWhenNoSourceIsFound() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/Readme.md", "text\n")

        let inventory = tree.inventory(tree.settings(include: ["Sources"]))

        #expect(inventory.sources.isEmpty)
        #expect(inventory.diagnostics == [.warning("I12", "no Swift source files found for target 'App'")])
        #expect(!inventory.hasErrors)
    }

    @Test func deduplicatesFilesReachedThroughSeveralEntries() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/A.swift")
        try tree.write("Sources/Sub/B.swift")

        let inventory = tree.inventory(
            tree.settings(include: ["Sources", "Sources/A.swift", "./Sources//Sub/B.swift", "Sources/*.swift"]))

        #expect(inventory.sources == ["Sources/A.swift", "Sources/Sub/B.swift"])
    }

    @Test func spellsPathsRelativeToTheConfigDirectoryAsGiven() throws {
        let tree = try TemporaryTree()
        try tree.write("project/Sources/A.swift")
        try tree.makeDirectory("other")

        let relative = tree.inventory(tree.settings(include: ["./Sources/"], base: "other/../project"))
        let absolute = tree.inventory(tree.settings(include: ["Sources"], base: tree.path("project")))

        #expect(relative.sources == ["other/../project/Sources/A.swift"])
        #expect(relative.directories == ["other/../project/Sources"])
        #expect(absolute.sources == [tree.path("project/Sources/A.swift")])
    }

    @Test func skipsTheOutputFileAndFilesGeneratedByDibuild() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/App.swift")
        try tree.write("Sources/Generated/AppFactory.swift", "final class AppFactory {}\n")
        try tree.write("Sources/Old.swift", "// Generated by dibuild 0.1.0. Do not edit.\nclass OldFactory {}\n")
        try tree.write("Sources/Mentions.swift", "import Foundation\n// Generated by dibuild\n")
        try tree.write("Sources/Short.swift", "// Gen")
        try tree.write("Sources/Empty.swift", "")

        let inventory = tree.inventory(
            tree.settings(include: ["Sources", "Sources/Old.swift"], output: "Sources/Generated/AppFactory.swift"))

        #expect(
            inventory.sources == [
                "Sources/App.swift", "Sources/Empty.swift", "Sources/Mentions.swift", "Sources/Short.swift",
            ])
        #expect(inventory.directories == ["Sources", "Sources/Generated"])
    }
}
