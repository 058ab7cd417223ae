/// Where generated files may go without breaking incremental builds.
enum OutputPlacement {
    /// `O04` for each written file (the depfile, the cache file) whose directory is itself listed in the
    /// depfile: rewriting the file would update that directory's mtime on every run. Paths are compared
    /// absolute and lexically normalised, so `./a` and `/cwd/a` match; messages keep the spellings given.
    static func listedDirectoryWarnings(
        writtenFiles: [String], listedPaths: [String],
        workingDirectory: String? = nil
    ) -> [Diagnostic] {
        let workingDirectory = workingDirectory ?? LocalDisk.currentDirectory()
        var listed: [String: String] = [:]
        for path in listedPaths {
            let key = AbsolutePath.of(path, relativeTo: workingDirectory)
            if listed[key] == nil { listed[key] = path }
        }
        return writtenFiles.compactMap { file in
            let directory = DisplayPath.directory(of: AbsolutePath.of(file, relativeTo: workingDirectory))
            guard let spelled = listed[directory] else { return nil }
            return Diagnostic(.outputInDependency, file, spelled)
        }
    }
}
