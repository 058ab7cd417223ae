/// A path or pattern as written in `deli.yml` or on the command line, with where it was written.
public struct PathEntry: Sendable, Equatable, Hashable {
    /// The text as written (config entries are relative to the config directory, CLI entries to the CWD).
    public var text: String
    /// Directory the text is relative to, as a display path (`""` or `.` for the CWD).
    public var base: String
    /// Location of the YAML scalar that spelled it; nil for command-line entries.
    public var location: SourceLocation?

    public init(text: String, base: String, location: SourceLocation? = nil) {
        self.text = text
        self.base = base
        self.location = location
    }
}

/// One `dependencies:` entry of a target.
public struct ModuleDependencySetting: Sendable, Equatable {
    public var path: PathEntry
    public var imports: [String]

    public init(path: PathEntry, imports: [String]) {
        self.path = path
        self.imports = imports
    }
}

public enum AccessControlSetting: String, Sendable, Equatable {
    case `public`, `package`, `internal`
}

/// The resolved settings of one selected target after `deli.yml` and the command line are combined.
/// Every path here is still a `PathEntry`; the inventory stage expands them.
public struct TargetSettings: Sendable, Equatable {
    public var name: String
    /// Path of the config file as given (display path), nil in config-less mode.
    public var configPath: String?
    /// Directory of the config file as a display path (`.` for the CWD); the base of config entries.
    public var configDirectory: String
    public var include: [PathEntry]
    public var exclude: [PathEntry]
    /// Sanitised class name.
    public var className: String
    /// Factory output display path (a directory gets the class name as file name).
    public var outputPath: String
    /// The `-o` argument byte for byte, when given (depfile target default).
    public var outputArgument: String?
    /// Config `properties` entries first, then `--property` values, in order.
    public var properties: [PathEntry]
    /// `Deli.resolved` display path and whether `build` writes it.
    public var resolvedOutputPath: String
    public var generateResolved: Bool
    /// Whether the target provides a resolved file to other modules (`resolve.generate`), so that its
    /// factory carries export links. `--no-resolve` only skips writing the file; the
    /// factory's bytes do not depend on it.
    public var providesResolvedFile: Bool
    /// Value of `output` as written, or `<ClassName>.swift` (the resolved file's `REFERENCE`).
    public var outputReference: String
    public var dependencies: [ModuleDependencySetting]
    public var accessControl: AccessControlSetting?
    public var runtimeModule: String
    public var cacheDirectory: String
    public var depfilePath: String?

    public init(
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
