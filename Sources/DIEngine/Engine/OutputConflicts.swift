#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Usage errors (exit 2) for a run whose outputs would destroy what dibuild did not create: an output that
/// is also an input of the run (directly, through a symbolic or a hard link), or two outputs on one path.
/// Paths are compared lexically made absolute, and by device and inode when the file exists, so
/// `./deli.yml`, `/cwd/deli.yml` and a link to it all match.
struct OutputConflicts {
    /// One file a run writes.
    struct Output {
        var path: String
        var role: String
        var target: String
    }

    private let workingDirectory: String
    private var outputs: [Output] = []

    init(workingDirectory: String = LocalDisk.currentDirectory()) {
        self.workingDirectory = workingDirectory
    }

    /// The outputs of `build` for every target.
    init(build targets: [TargetSettings], useCache: Bool) {
        self.init()
        for settings in targets {
            let cacheFile = SourceCache.filePath(cacheDirectory: settings.cacheDirectory, target: settings.name)
            addBuildOutputs(of: settings, cacheFile: useCache ? cacheFile : nil)
        }
    }

    /// Checks a target's inputs, once inventoried, before any is read. The resolved files of `earlier`
    /// targets are read on purpose (`dependencies`); the factory may replace only a file dibuild generated.
    func inputOverwritten(by target: InputCollection.Target, after earlier: [TargetSettings] = []) -> String? {
        let consumed = earlier.filter { $0.generateResolved && $0.configPath != nil }.map(\.resolvedOutputPath)
        return inputOverwritten(
            inputs: Self.inputs(of: target), sources: target.inventory.sources, consumed: Set(consumed))
            ?? Self.factoryOverwritesSource(target)
    }

    /// Adds the files `build` writes for `settings`: factory, resolved file, depfile and cache file.
    mutating func addBuildOutputs(of settings: TargetSettings, cacheFile: String?) {
        add(settings.outputPath, role: "factory", target: settings.name)
        if settings.generateResolved && settings.configPath != nil {
            add(settings.resolvedOutputPath, role: "resolved file", target: settings.name)
        }
        if let depfile = settings.depfilePath { add(depfile, role: "depfile", target: settings.name) }
        if let cacheFile { add(cacheFile, role: "cache file", target: settings.name) }
    }

    mutating func add(_ path: String, role: String, target: String) {
        outputs.append(Output(path: path, role: role, target: target))
    }

    /// Two outputs on the same file.
    func duplicateOutput() -> String? {
        var seen: [String: Output] = [:]
        for output in outputs {
            for key in keys(output.path) {
                if let earlier = seen[key] {
                    return "the \(describe(earlier)) and the \(describe(output)) are the same file '\(output.path)'"
                }
                seen[key] = output
            }
        }
        return nil
    }

    /// The first input that an output would overwrite. `inputs` (few) are compared by path and by file.
    /// The `sources` (thousands, sorted, stat'ed by the cache lookup anyway) are searched for each output's
    /// spelling, and compared by file only when an existing output is reached through a link or has
    /// several names, so that a no-op build stays cheap. `consumed` are outputs of earlier targets that
    /// this target reads on purpose (their `Deli.resolved`).
    func inputOverwritten(inputs: [String], sources: [String] = [], consumed: Set<String> = []) -> String? {
        let checked = outputs.filter { !consumed.contains($0.path) }
        var written: [String: Output] = [:]
        for output in checked {
            for key in keys(output.path) { written[key] = output }
        }
        let aliased = checked.contains { isAliased($0.path) }
        for input in inputs + (aliased ? sources : []) {
            for key in keys(input) {
                guard let output = written[key] else { continue }
                return conflict(output, input)
            }
        }
        for output in checked where !aliased {
            let absolutePath = absolute(output.path)
            let prefix = workingDirectory == "/" ? "/" : workingDirectory + "/"
            let relative = absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : nil
            for spelling in [absolutePath] + (relative.map { [$0] } ?? []) where Self.contains(sources, spelling) {
                return conflict(output, spelling)
            }
        }
        return nil
    }

    private func conflict(_ output: Output, _ input: String) -> String {
        "the \(output.role) '\(output.path)' would overwrite the input '\(input)'; write it elsewhere"
    }

    /// Binary search in paths sorted by `ByteOrder`.
    private static func contains(_ sorted: [String], _ path: String) -> Bool {
        var range = sorted.startIndex..<sorted.endIndex
        while !range.isEmpty {
            let middle = range.lowerBound + range.count / 2
            if sorted[middle] == path { return true }
            if ByteOrder.precedes(sorted[middle], path) {
                range = (middle + 1)..<range.upperBound
            } else {
                range = range.lowerBound..<middle
            }
        }
        return false
    }

    /// The inputs of a target besides its sources: config, property files, resolved files.
    static func inputs(of target: InputCollection.Target) -> [String] {
        (target.settings.configPath.map { [$0] } ?? []) + target.inventory.propertyFiles
            + target.inventory.resolvedFiles
    }

    /// The factory path named a Swift file of the target's sources that dibuild did not generate (the
    /// inventory leaves the factory out of the sources, so it is not among `inputs(of:)`).
    static func factoryOverwritesSource(_ target: InputCollection.Target) -> String? {
        let path = target.settings.outputPath
        guard target.inventory.skippedOutput, LocalDisk.isRegularFile(atPath: path),
            FileStatus.ifExists(path: path)?.size ?? 0 > 0,
            !LocalDisk().isGeneratedFile(path)
        else { return nil }
        return "the factory '\(path)' would overwrite a source file that dibuild did not generate; "
            + "write it elsewhere"
    }

    /// The absolute path (it starts with `/`), and the device and inode of an existing file (they do not).
    /// Strings, not an enum of the project: the first dictionary keyed by such a type made the runtime scan
    /// every conformance record of the binary for its `Hashable`, on every build.
    private func keys(_ path: String) -> [String] {
        var keys = [absolute(path)]
        var info = stat()
        if stat(path, &info) == 0 {
            keys.append("file \(UInt64(info.st_dev)) \(UInt64(info.st_ino))")
        }
        return keys
    }

    private func absolute(_ path: String) -> String {
        AbsolutePath.of(DisplayPath.normalize(path), relativeTo: workingDirectory)
    }

    /// Whether the existing file at `path` has another name: it is a link, has several hard links, or a
    /// directory on the way is a link.
    private func isAliased(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        if (info.st_mode & S_IFMT) == S_IFLNK || info.st_nlink > 1 { return true }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        return String(cString: resolved) != absolute(path)
    }

    private func describe(_ output: Output) -> String {
        "\(output.role) of target '\(output.target)'"
    }
}
