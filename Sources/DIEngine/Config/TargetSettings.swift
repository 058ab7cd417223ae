/// A path or pattern as written in `deli.yml` or on the command line, with where it was written.
struct PathEntry: Sendable, Equatable, Hashable {
    /// The text as written (config entries are relative to the config directory, CLI entries to the CWD).
    var text: String
    /// Directory the text is relative to, as a display path (`""` or `.` for the CWD).
    var base: String
    /// Location of the YAML scalar that spelled it; nil for command-line entries.
    var location: SourceLocation? = nil
}

/// One `dependencies:` entry of a target.
struct ModuleDependencySetting: Sendable, Equatable {
    var path: PathEntry
    var imports: [String]
}

enum AccessControlSetting: String, Sendable, Equatable {
    case `public`, `package`, `internal`
}

/// The resolved settings of one selected target after `deli.yml` and the command line are combined.
/// Every path here is still a `PathEntry`; the inventory stage expands them.
struct TargetSettings: Sendable, Equatable {
    var name: String
    /// Path of the config file as given (display path), nil in config-less mode.
    var configPath: String?
    /// Directory of the config file as a display path (`.` for the CWD); the base of config entries.
    var configDirectory: String
    var include: [PathEntry]
    var exclude: [PathEntry]
    /// Sanitised class name.
    var className: String
    /// Factory output display path (a directory gets the class name as file name).
    var outputPath: String
    /// The `-o` argument byte for byte, when given (depfile target default).
    var outputArgument: String?
    /// Config `properties` entries first, then `--property` values, in order.
    var properties: [PathEntry]
    /// `Deli.resolved` display path and whether `build` writes it.
    var resolvedOutputPath: String
    var generateResolved: Bool
    /// Whether the target provides a resolved file to other modules (`resolve.generate`), so that its
    /// factory carries export links. `--no-resolve` only skips writing the file; the
    /// factory's bytes do not depend on it.
    var providesResolvedFile: Bool
    /// Value of `output` as written, or `<ClassName>.swift` (the resolved file's `REFERENCE`).
    var outputReference: String
    var dependencies: [ModuleDependencySetting]
    var accessControl: AccessControlSetting?
    var runtimeModule: String
    var cacheDirectory: String
    var depfilePath: String?

    init(
        name: String, configPath: String?, configDirectory: String, include: [PathEntry], exclude: [PathEntry] = [],
        className: String, outputPath: String, outputArgument: String? = nil, properties: [PathEntry] = [],
        resolvedOutputPath: String = "Deli.resolved", generateResolved: Bool = true, outputReference: String,
        dependencies: [ModuleDependencySetting] = [], accessControl: AccessControlSetting? = nil,
        runtimeModule: String = "DIRuntime", cacheDirectory: String = ".dibuild", depfilePath: String? = nil,
        providesResolvedFile: Bool? = nil
    ) {
        self.name = name
        self.configPath = configPath
        self.configDirectory = configDirectory
        self.include = include
        self.exclude = exclude
        self.className = className
        self.outputPath = outputPath
        self.outputArgument = outputArgument
        self.properties = properties
        self.resolvedOutputPath = resolvedOutputPath
        self.generateResolved = generateResolved
        self.outputReference = outputReference
        self.dependencies = dependencies
        self.accessControl = accessControl
        self.runtimeModule = runtimeModule
        self.cacheDirectory = cacheDirectory
        self.depfilePath = depfilePath
        self.providesResolvedFile = providesResolvedFile ?? generateResolved
    }
}
