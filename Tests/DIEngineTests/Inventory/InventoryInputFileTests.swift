import Testing

@testable import DIEngine

@Suite struct InventoryInputFileTests {
    @Test func propertyFilesKeepTheirOrderAndRepeats() throws {
        let tree = try TemporaryTree()
        for file in [
            "Config/common/b.yml", "Config/common/a.yaml", "Config/common/c.json", "Config/common/notes.txt",
            "Config/common/.secret.yml", "Config/dev.yml", "Local/override.yml",
        ] {
            try tree.write(file, "key: value\n")
        }
        try tree.makeDirectory("Config/common/dir.yml")
        var settings = tree.settings(include: [], properties: ["Config/dev.yml", "Config/common/*", "Config/dev.yml"])
        settings.properties.append(PathEntry(text: "Local/*.yml", base: "."))

        let inventory = tree.inventory(settings)

        #expect(
            inventory.propertyFiles == [
                "Config/dev.yml", "Config/common/a.yaml", "Config/common/b.yml", "Config/common/c.json",
                "Config/dev.yml",
                "Local/override.yml",
            ])
        #expect(inventory.directories == ["Config/common", "Local"])
    }

    @Test func propertyEntriesAreRelativeToTheirBase() throws {
        let tree = try TemporaryTree()
        try tree.write("app/Config/app.yml", "a: 1\n")
        try tree.write("cli.yml", "b: 2\n")
        var settings = tree.settings(include: [], properties: ["Config/*.yml"], base: "app")
        settings.properties.append(PathEntry(text: "cli.yml", base: "."))

        #expect(tree.inventory(settings).propertyFiles == ["app/Config/app.yml", "cli.yml"])
    }

    @Test func missingPropertyFilesAndEmptyPropertyGlobsAreReported() throws {
        let tree = try TemporaryTree()
        try tree.write("Config/readme.md", "text\n")
        var settings = tree.settings(include: [], properties: ["Config/missing.yml", "Config/*.yml"])
        settings.properties.append(PathEntry(text: "cli-missing.json", base: "."))

        let inventory = tree.inventory(settings)

        #expect(inventory.propertyFiles.isEmpty)
        #expect(
            inventory.diagnostics.filter { $0.code != "I12" } == [
                .error(
                    "I06", "'Config/missing.yml' does not exist",
                    at: SourceLocation(path: "deli.yml", line: 40, column: 7)),
                .warning(
                    "I07", "pattern 'Config/*.yml' matched no files",
                    at: SourceLocation(path: "deli.yml", line: 41, column: 7)),
                .error("I06", "'cli-missing.json' does not exist"),
            ])
    }

    @Test func resolvedFilesAreFilesOrDirectoriesContainingOne() throws {
        let tree = try TemporaryTree()
        try tree.write("Core/Deli.resolved", "DEPENDENCY: []\n")
        try tree.write("Net/Custom.resolved", "DEPENDENCY: []\n")
        try tree.makeDirectory("Empty")

        let inventory = tree.inventory(
            tree.settings(include: [], dependencies: ["Core", "Net/Custom.resolved", "Empty", "Gone"]))

        #expect(inventory.resolvedFiles == ["Core/Deli.resolved", "Net/Custom.resolved"])
        #expect(
            inventory.diagnostics.filter { $0.code != "I12" } == [
                .error(
                    "I06", "'Empty/Deli.resolved' does not exist",
                    at: SourceLocation(path: "deli.yml", line: 62, column: 7)),
                .error("I06", "'Gone' does not exist", at: SourceLocation(path: "deli.yml", line: 63, column: 7)),
            ])
        #expect(inventory.directories.isEmpty)
    }
}
