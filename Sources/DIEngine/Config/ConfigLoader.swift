/// The config stage: locates `deli.yml`, reads it, selects targets and
/// combines each with the command line into `TargetSettings`.
enum ConfigLoader {
    /// The settings of every selected target, in `target` list order (one implicit target in
    /// config-less mode), and every configuration diagnostic. When a diagnostic is an error the targets
    /// must not be used: the run stops before scanning.
    ///
    /// `currentDirectory` is the directory relative command-line paths (and display paths) start from;
    /// it is only used to reach the file system, never spelled into a display path.
    static func resolveTargets(
        _ overrides: ConfigOverrides, currentDirectory: String
    ) -> (targets: [TargetSettings], diagnostics: [Diagnostic]) {
        let configPath =
            overrides.configPath
            // `lstat`: a `deli.yml` link to a missing file is a broken config, not config-less mode.
            ?? (LocalDisk.entryExists(LocalDisk.fileSystemPath("deli.yml", relativeTo: currentDirectory))
                ? "deli.yml" : nil)
        guard let configPath else {
            var reader = ConfigReader(path: "")
            let target = TargetResolution(overrides: overrides, currentDirectory: currentDirectory)
                .configLess(reader: &reader)
            return ([target], reader.diagnostics)
        }
        let displayPath = DisplayPath.normalize(configPath)
        switch YAMLParser.parseFile(displayPath, currentDirectory: currentDirectory) {
        case .failure(let error):
            return ([], [error.diagnostic])
        case .success(let root):
            var reader = ConfigReader(path: displayPath)
            let resolution = TargetResolution(
                overrides: overrides, currentDirectory: currentDirectory, configPath: displayPath)
            let targets = read(root, resolution: resolution, reader: &reader)
            return (targets, reader.diagnostics)
        }
    }

    private static func read(_ root: YAMLNode?, resolution: TargetResolution, reader: inout ConfigReader)
        -> [TargetSettings]
    {
        let top = root ?? YAMLNode(.mapping([]), line: 1, column: 1)
        guard let entries = reader.mapping(top, key: reader.path) else { return [] }
        let targetEntry = entries.first { $0.key == "target" }
        let configEntry = entries.first { $0.key == "config" }
        if configEntry == nil, !entries.isEmpty, targetEntry.map({ !isSequence($0.value) }) ?? true {
            reader.report(
                Diagnostic(.singleTargetFormat, at: reader.location(top)))
            return []
        }
        for (key, keyNode, _) in entries where key != "target" && key != "config" {
            reader.unknownKey(key, at: keyNode)
        }
        guard let targetEntry else {
            reader.wrongShape("target", "a list of strings", at: top)
            return []
        }
        guard let configEntry else {
            reader.wrongShape("config", "a mapping", at: top)
            return []
        }
        let names = reader.strings(targetEntry.value, key: "target") ?? []
        let configs = reader.mapping(configEntry.value, key: "config") ?? []
        let selected = select(names, configs: configs, cliTargets: resolution.overrides.targets, reader: &reader)
        return selected.map { name, node in
            let values = TargetConfig(node, name: name, base: resolution.configDirectory, reader: &reader)
            return resolution.settings(name: name, config: values, reader: &reader)
        }
    }

    private static func isSequence(_ node: YAMLNode) -> Bool {
        if case .sequence = node.value { return true }
        return false
    }

    /// The `target` list deduplicated (`I16`), checked against `config` (`I03`) and narrowed to the
    /// `--target` names (`I03` without a location for an unknown one), in list order.
    private static func select(
        _ names: [(text: String, node: YAMLNode)], configs: [(key: String, keyNode: YAMLNode, value: YAMLNode)],
        cliTargets: [String], reader: inout ConfigReader
    ) -> [(name: String, node: YAMLNode)] {
        var listed: [(name: String, node: YAMLNode)] = []
        var seen = Set<String>()
        for (name, node) in names {
            guard seen.insert(name).inserted else {
                reader.report(Diagnostic(.targetListedTwice, name, at: reader.location(node)))
                continue
            }
            guard let config = configs.first(where: { $0.key == name }) else {
                reader.report(Diagnostic(.unknownTarget, name, at: reader.location(node)))
                continue
            }
            listed.append((name, config.value))
        }
        guard !cliTargets.isEmpty else { return listed }
        var reported = Set<String>()
        for name in cliTargets where !seen.contains(name) && reported.insert(name).inserted {
            reader.report(Diagnostic(.unknownTarget, name))
        }
        return listed.filter { cliTargets.contains($0.name) }
    }
}
