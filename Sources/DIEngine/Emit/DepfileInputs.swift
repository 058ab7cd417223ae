/// Everything a target's depfile and its diagnostics (`O05`, `O06`, `O04`) are a function of. A DI edit
/// changes none of it, so the depfile of the previous run (kept in the run record with this key) is taken
/// as it is instead of sorting and escaping every path again (~2 ms of the critical path for ten thousand
/// sources).
struct DepfileInputs {
    /// The rule's target.
    var target: String
    var phony: Bool
    /// The dependencies in the order they are listed: config, property files, resolved files, sources,
    /// directories. Kept as groups so that the key is made without concatenating them.
    var groups: [[String]]
    /// The files the run writes that must not lie in a listed directory (`O04`).
    var writtenFiles: [String]
    var workingDirectory: String

    /// The depfile's bytes and diagnostics, and the key they were made from.
    struct Output: Equatable {
        var bytes: [UInt8]
        var diagnostics: [Diagnostic]
        var key: UInt64
        /// Whether the bytes and diagnostics were taken from the previous run's record.
        var reused: Bool
    }

    /// A digest of every field: each group and list is preceded by its count and each string by its length
    /// (`XXH3Hasher.update(_: String)`), so different inputs cannot run together into the same stream.
    var key: UInt64 {
        var hasher = XXH3Hasher()
        hasher.update(target)
        hasher.update(phony ? 1 : 0)
        hasher.update(UInt64(groups.count))
        for group in groups {
            hasher.update(UInt64(group.count))
            // By index, and each path's bytes read in place: `for path in group` retained and released every
            // path, and `XXH3Hasher.update(_: String)` retains its copy of the string once more.
            for index in group.indices { Self.update(&hasher, group[index]) }
        }
        hasher.update(UInt64(writtenFiles.count))
        for file in writtenFiles { hasher.update(file) }
        hasher.update(workingDirectory)
        return hasher.finalize()
    }

    /// What `XXH3Hasher.update(_: String)` hashes (the UTF-8 length, then the bytes), read in place.
    private static func update(_ hasher: inout XXH3Hasher, _ text: String) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.update(UInt64(bytes.count))
            hasher.update(UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil { hasher.update(text) }
    }

    /// The previous run's depfile when it was made from the same inputs, else a fresh rendering.
    func output(reusing previous: BuildRecord.RecordedFile?) -> Output {
        let key = key
        if let previous, let previousKey = previous.key, previousKey == key {
            return Output(bytes: Array(previous.bytes), diagnostics: previous.diagnostics, key: key, reused: true)
        }
        let rendering = Depfile.render(target: target, dependencies: Array(groups.joined()), phony: phony)
        let warnings = OutputPlacement.listedDirectoryWarnings(
            writtenFiles: writtenFiles, listedPaths: rendering.listed, workingDirectory: workingDirectory)
        return Output(bytes: rendering.bytes, diagnostics: rendering.diagnostics + warnings, key: key, reused: false)
    }
}
