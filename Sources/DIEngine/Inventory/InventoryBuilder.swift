/// The inventory stage (`README.md` pipeline #2): turns a target's path entries into the files it reads.
public enum InventoryBuilder {
    /// - Parameter currentDirectory: absolute directory that relative display paths are relative to;
    ///   nil means the process's working directory.
    public static func build(for settings: TargetSettings, currentDirectory: String? = nil) -> Inventory {
        let workingDirectory = currentDirectory ?? FileSystemProbe.currentDirectory()
        let lister = DirectoryLister(currentDirectory: currentDirectory)
        let excluder = ExcludeMatcher(settings.exclude, currentDirectory: workingDirectory)

        var collector = SourceCollector(lister: lister, excluder: excluder, currentDirectory: workingDirectory)
        for entry in settings.include {
            collector.include(entry, currentDirectory: workingDirectory)
        }
        let output = LexicalPath.absolute(
            DisplayPath.normalize(settings.outputPath), currentDirectory: workingDirectory)
        var inventory = Inventory(sources: collector.finish(skippingOutput: output), diagnostics: collector.diagnostics)

        let expander = GlobExpander(lister: lister, currentDirectory: workingDirectory) { _ in false }
        for entry in settings.properties {
            inventory.propertyFiles += propertyFiles(
                for: entry, expander: expander, diagnostics: &inventory.diagnostics)
        }
        for dependency in settings.dependencies {
            if let file = resolvedFile(for: dependency.path, lister: lister, diagnostics: &inventory.diagnostics) {
                inventory.resolvedFiles.append(file)
            }
        }
        if inventory.sources.isEmpty {
            inventory.diagnostics.append(.warning("I12", "no Swift source files found for target '\(settings.name)'"))
        }
        inventory.directories = ByteOrder.sorted(Array(lister.enumerated))
        return inventory
    }

    private static let propertyExtensions = [".yml", ".yaml", ".json"]

    /// A literal entry is taken as is; a glob contributes its `.yml`/`.yaml`/`.json` files in byte order.
    private static func propertyFiles(
        for entry: PathEntry, expander: GlobExpander, diagnostics: inout [Diagnostic]
    ) -> [String] {
        let display = DisplayPath.join(entry.base, entry.text)
        guard GlobPattern.hasWildcards(entry.text) else {
            if expander.lister.kind(of: display) == nil {
                diagnostics.append(.error("I06", "'\(display)' does not exist", at: entry.location))
                return []
            }
            return [display]
        }
        let files = expander.expand(GlobPattern(base: entry.base, text: entry.text)).filter { match in
            match.kind.isFile && propertyExtensions.contains { ByteOrder.hasSuffix(match.path.display, $0) }
        }
        if files.isEmpty {
            diagnostics.append(.warning("I07", "pattern '\(display)' matched no files", at: entry.location))
        }
        return files.map(\.path.display)
    }

    /// A `dependencies[].path` names a `Deli.resolved` file or a directory containing one.
    private static func resolvedFile(
        for entry: PathEntry, lister: DirectoryLister, diagnostics: inout [Diagnostic]
    ) -> String? {
        var display = DisplayPath.join(entry.base, entry.text)
        if lister.kind(of: display)?.isDirectory == true {
            display = LexicalPath.appending(display, "Deli.resolved")
        }
        guard lister.kind(of: display) != nil else {
            diagnostics.append(.error("I06", "'\(display)' does not exist", at: entry.location))
            return nil
        }
        return display
    }
}
