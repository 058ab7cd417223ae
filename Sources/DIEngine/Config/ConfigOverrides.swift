/// What the command line contributes to target resolution. Paths are CWD-relative,
/// exactly as typed; list options append to the config's lists.
public struct ConfigOverrides: Sendable, Equatable {
    /// `--config`; nil means `deli.yml` in the CWD if it exists, else config-less mode.
    public var configPath: String?
    /// `--target` values, in the order given (processed in `target` list order).
    public var targets: [String] = []
    /// `--property` values (literal paths or globs, possibly already expanded by the shell).
    public var properties: [String] = []
    public var include: [String] = []
    public var exclude: [String] = []
    /// `-o` / `--output`, byte for byte.
    public var output: String?
    public var className: String?
    public var runtimeModule: String?
    public var accessControl: String?
    public var depfile: String?
    public var depfileTarget: String?
    public var cacheDirectory: String?
    /// `--no-resolve`.
    public var skipResolvedFile: Bool = false

    public init(configPath: String? = nil) {
        self.configPath = configPath
    }
}
