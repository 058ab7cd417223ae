/// `dibuild clean`: deletes cache files, never outputs.
extension Engine {
    /// Deletes the cache file of every selected target, then the cache directory if it is left empty.
    /// Config-less, the implicit target's name depends on `-o`/`--class-name`, which `clean` does not
    /// take, so every `*.dicache` file of the cache directory is deleted. A failure is warning `O03`.
    public static func clean(_ overrides: ConfigOverrides, options: RunOptions) -> RunResult {
        var progress = ProgressLog(enabled: options.verbose)
        let resolution = ConfigLoader.resolveTargets(overrides, currentDirectory: LocalDisk.currentDirectory())
        let configLess = resolution.targets.count == 1 && resolution.targets[0].configPath == nil
        if configLess && !overrides.targets.isEmpty {
            return RunResult(
                usageError: "'--target' needs a config file; no --config was given and there is no deli.yml here",
                options: options)
        }
        var diagnostics = resolution.diagnostics
        guard !DiagnosticReport(diagnostics).hasErrors else {
            return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options)
        }
        var files: [String] = []
        for settings in resolution.targets {
            if configLess {
                files += cacheFiles(in: settings.cacheDirectory)
            } else {
                files.append(SourceCache.filePath(cacheDirectory: settings.cacheDirectory, target: settings.name))
            }
        }
        for file in files {
            // The link state, table image and listings beside the cache are only speed-ups of it: they go
            // first, without a message.
            _ = try? SourceCache.delete(at: LinkStateFile.path(cacheFile: file))
            _ = try? SourceCache.delete(at: TableImage.path(cacheFile: file))
            _ = try? SourceCache.delete(at: ListingCache.path(cacheFile: file))
            do throws(FileSystemError) {
                let deleted = try SourceCache.delete(at: file)
                progress.log(deleted ? "deleted '\(file)'" : "no cache '\(file)'")
            } catch {
                diagnostics.append(Diagnostic(.cannotWriteCache, file, error.reason))
            }
        }
        return RunResult(diagnostics: diagnostics, verboseLines: progress.lines, output: "", options: options)
    }

    /// The `*.dicache` files directly in `directory`, sorted; none if it cannot be listed.
    private static func cacheFiles(in directory: String) -> [String] {
        let names = (LocalDisk.entries(ofDirectory: directory) ?? []).filter {
            $0.kind == .file && ByteOrder.hasSuffix($0.name, ".dicache")
        }
        return ByteOrder.sorted(names.map { DisplayPath.join(directory, $0.name) })
    }
}
