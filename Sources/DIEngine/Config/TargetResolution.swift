/// Combines one target's `deli.yml` values with the command line (command line over config over
/// defaults, list options appended) and derives the paths the config leaves out.
struct TargetResolution {
    let overrides: ConfigOverrides
    let currentDirectory: String
    /// Display path of the config file; nil in config-less mode.
    let configPath: String?
    /// Base of config-relative paths, as a display path (`.` without a config).
    let configDirectory: String

    static let defaultOutputName = "DeliFactory.swift"
    static let resolvedFileName = "Deli.resolved"

    init(overrides: ConfigOverrides, currentDirectory: String, configPath: String? = nil) {
        self.overrides = overrides
        self.currentDirectory = currentDirectory
        self.configPath = configPath
        configDirectory = configPath.map(DisplayPath.directory(of:)) ?? "."
    }

    /// The implicit target of config-less mode, named after its class name.
    func configLess(reader: inout ConfigReader) -> TargetSettings {
        var implicit = settings(name: "", config: TargetConfig(), reader: &reader)
        implicit.name = implicit.className
        implicit.generateResolved = false
        implicit.providesResolvedFile = false
        return implicit
    }

    func settings(name: String, config: TargetConfig, reader: inout ConfigReader) -> TargetSettings {
        let commandLine = { (text: String) in PathEntry(text: text, base: ".") }
        var include = (config.include ?? []) + overrides.include.map(commandLine)
        if config.include == nil && overrides.include.isEmpty {
            include = [PathEntry(text: ".", base: configDirectory)]
        }
        let explicitClassName = (overrides.className ?? config.className).map(ClassName.sanitize).flatMap {
            $0.isEmpty ? nil : $0
        }
        let fileName = explicitClassName.map { $0 + ".swift" }
        let outputPath: String
        if let argument = overrides.output {
            outputPath = applyDirectoryRule(argument, base: ".", fileName: fileName ?? Self.defaultOutputName)
        } else {
            outputPath = applyDirectoryRule(
                config.output ?? fileName ?? Self.defaultOutputName, base: configDirectory,
                fileName: fileName ?? Self.defaultOutputName)
        }
        let className = explicitClassName ?? ClassName.derived(fromOutput: outputPath)
        var accessControl = config.accessControl
        if let level = overrides.accessControl {
            accessControl = TargetConfig.accessControl(level, at: nil, reader: &reader)
        }
        var runtimeModule = config.runtimeModule
        if let module = overrides.runtimeModule {
            runtimeModule = TargetConfig.runtimeModule(module, at: nil, reader: &reader)
        }
        var settings = TargetSettings(
            name: name, configPath: configPath, configDirectory: configDirectory, include: include,
            exclude: config.exclude + overrides.exclude.map(commandLine), className: className, outputPath: outputPath,
            outputArgument: overrides.output, properties: config.properties + overrides.properties.map(commandLine),
            resolvedOutputPath: applyDirectoryRule(
                config.resolveOutput ?? Self.resolvedFileName, base: configDirectory, fileName: Self.resolvedFileName),
            generateResolved: config.resolveGenerate && !overrides.skipResolvedFile,
            outputReference: overrides.output ?? config.output ?? "\(className).swift",
            dependencies: config.dependencies, accessControl: accessControl,
            runtimeModule: runtimeModule ?? "DIRuntime",
            cacheDirectory: overrides.cacheDirectory.map(DisplayPath.normalize)
                ?? DisplayPath.join(configDirectory, config.cacheDirectory ?? ".dibuild"),
            depfilePath: overrides.depfile.map(DisplayPath.normalize)
                ?? config.depfile.map { DisplayPath.join(configDirectory, $0) })
        settings.providesResolvedFile = config.resolveGenerate
        return settings
    }

    /// A candidate spelled with a trailing `/` or naming an existing directory gets `fileName`
    /// appended; otherwise it is the file itself.
    private func applyDirectoryRule(_ spelled: String, base: String, fileName: String) -> String {
        let candidate = DisplayPath.join(base, spelled)
        let isDirectory =
            spelled.hasSuffix("/")
            || LocalDisk.isDirectory(LocalDisk.fileSystemPath(candidate, relativeTo: currentDirectory))
        return isDirectory ? DisplayPath.join(candidate, fileName) : candidate
    }
}
