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
        let directories = writtenFiles.map {
            DisplayPath.directory(of: AbsolutePath.of($0, relativeTo: workingDirectory))
        }
        // The first listed spelling of each written file's directory. Thousands of listed paths against one
        // or two directories: most are told apart without building their absolute form.
        var spellings = [String?](repeating: nil, count: directories.count)
        for path in listedPaths {
            var absolute: String?
            for (index, directory) in directories.enumerated() where spellings[index] == nil {
                var matches = AbsolutePath.cheaplyCompares(path, relativeTo: workingDirectory, with: directory)
                if matches == nil {
                    absolute = absolute ?? AbsolutePath.of(path, relativeTo: workingDirectory)
                    matches = absolute == directory
                }
                if matches == true { spellings[index] = path }
            }
        }
        return zip(writtenFiles, spellings).compactMap { file, spelled in
            spelled.map { Diagnostic(.outputInDependency, file, $0) }
        }
    }
}
