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
        let names = directories.map(plainLastComponent)
        for path in listedPaths {
            var absolute: String?
            // By index: the directory is read only for the few paths the last component does not tell apart.
            for index in directories.indices where spellings[index] == nil {
                if let name = names[index], lastComponent(of: path, differsFrom: name) { continue }
                var matches = AbsolutePath.cheaplyCompares(path, relativeTo: workingDirectory, with: directories[index])
                if matches == nil {
                    absolute = absolute ?? AbsolutePath.of(path, relativeTo: workingDirectory)
                    matches = absolute == directories[index]
                }
                if matches == true { spellings[index] = path }
            }
        }
        return zip(writtenFiles, spellings).compactMap { file, spelled in
            spelled.map { Diagnostic(.outputInDependency, file, $0) }
        }
    }

    /// The bytes of `path`'s last component when it is a plain ASCII name (not empty, not `.`): normalising
    /// keeps such a component last, so no path ending in another plain name can spell that directory. Nil
    /// when this shortcut does not apply.
    private static func plainLastComponent(_ path: String) -> [UInt8]? {
        var path = path
        return path.withUTF8 { bytes in plainLastComponent(bytes).map(Array.init) }
    }

    /// Whether `path` ends in a plain ASCII name other than `name`: it cannot be the directory so named.
    /// Decided on the last component's bytes, without making the path absolute (thousands of listed
    /// files against one or two directories).
    private static func lastComponent(of path: String, differsFrom name: [UInt8]) -> Bool {
        func differs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let component = plainLastComponent(bytes) else { return false }
            return !component.elementsEqual(name)
        }
        // In place: `withUTF8` on a copy of the string retained and released it per listed path.
        if let differing = path.utf8.withContiguousStorageIfAvailable(differs) { return differing }
        var path = path
        return path.withUTF8(differs)
    }

    /// The bytes after the last `/`, when they are ASCII, not empty and not `.`. An ASCII byte after the
    /// slash means it separates components as `DisplayPath.normalize` splits them.
    private static func plainLastComponent(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        let start = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let component = bytes[start...]
        guard !component.isEmpty, !component.elementsEqual([UInt8(ascii: ".")]), component.allSatisfy({ $0 < 0x80 })
        else { return nil }
        return component
    }
}
