/// Stages 1–2 for every selected target (config, inventory), shared by the subcommands that read sources.
struct InputCollection {
    struct Target {
        var settings: TargetSettings
        var inventory: Inventory
    }

    enum Outcome {
        case collected(InputCollection)
        /// A command-line combination that the config stage cannot express as a diagnostic (exit 2).
        case usageError(String)
    }

    var targets: [Target] = []
    var diagnostics: [Diagnostic] = []

    /// Configuration and inventory errors stop a run before scanning (`diagnostics.md` §2).
    var stopsRun: Bool { diagnostics.contains { $0.severity == .error } }

    static func collect(_ overrides: ConfigOverrides, progress: inout ProgressLog) -> Outcome {
        let configured = configure(overrides)
        if let message = configured.usageError { return .usageError(message) }
        return .collected(collect(configured, progress: &progress))
    }

    /// The selected targets of the config stage, its diagnostics, or a usage error.
    struct Configuration {
        var targets: [TargetSettings]
        var diagnostics: [Diagnostic]
        var usageError: String?
    }

    /// Stage 1.
    static func configure(_ overrides: ConfigOverrides) -> Configuration {
        let resolution = ConfigLoader.resolveTargets(overrides, currentDirectory: FileSystemProbe.currentDirectory())
        let configLess = resolution.targets.count == 1 && resolution.targets[0].configPath == nil
        if configLess && !overrides.targets.isEmpty {
            return Configuration(
                targets: [], diagnostics: [],
                usageError: "'--target' needs a config file; no --config was given and there is no deli.yml here")
        }
        return Configuration(targets: resolution.targets, diagnostics: resolution.diagnostics)
    }

    /// Stage 2 for every target of a configuration without errors.
    static func collect(_ configured: Configuration, progress: inout ProgressLog) -> InputCollection {
        var collection = InputCollection(diagnostics: configured.diagnostics)
        guard !collection.stopsRun else { return collection }
        for settings in configured.targets {
            let target = inventory(for: settings, progress: &progress)
            collection.diagnostics += target.inventory.diagnostics
            collection.targets.append(target)
        }
        return collection
    }

    /// Stage 2 for one target.
    static func inventory(for settings: TargetSettings, progress: inout ProgressLog) -> Target {
        let clock = ContinuousClock()
        let start = clock.now
        let inventory = InventoryBuilder.build(for: settings)
        let elapsed = start.duration(to: clock.now)
        progress.log(
            "target '\(settings.name)': \(inventory.sources.count) sources, "
                + "\(inventory.propertyFiles.count) property files, "
                + "\(inventory.resolvedFiles.count) resolved files, \(inventory.directories.count) directories "
                + "(inventory \(ProgressLog.milliseconds(elapsed)) ms)")
        return Target(settings: settings, inventory: inventory)
    }

    /// `--print-inputs`: config files, property files, resolved files and sources of every target,
    /// one display path per line, sorted, without duplicates.
    var inputListing: String {
        var paths = Set<String>()
        for target in targets {
            if let config = target.settings.configPath { paths.insert(config) }
            paths.formUnion(target.inventory.propertyFiles)
            paths.formUnion(target.inventory.resolvedFiles)
            paths.formUnion(target.inventory.sources)
        }
        return ByteOrder.sorted(Array(paths)).map { $0 + "\n" }.joined()
    }
}
