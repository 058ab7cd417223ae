#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Foundation  // Bundle.main.executablePath
#endif

/// The digests of everything a target's `build` outputs and diagnostics depend on: the tool, the working
/// directory, the resolved settings and options, the bytes of the config, property and resolved files,
/// the directories enumerated, and every source's path with either its content hash (`contentDigest`,
/// known from the cache's stat table without reading or decoding anything) or the hash of its encoded
/// facts (`factsDigest`: an edit that leaves a file's facts alone keeps it). Equal digests mean equal
/// outputs and diagnostics.
struct BuildInputs {
    /// Everything but the sources; nil when an input cannot be read (the run reports it, records nothing).
    let context: UInt64?

    init(_ target: InputCollection.Target, options: String) {
        context = Self.contextDigest(of: target, options: options)
    }

    /// Over the sources' content hashes; nil when a source is unreadable.
    func contentDigest(_ lookups: [FileLookup]) -> UInt64? {
        guard let context else { return nil }
        var hasher = XXH3Hasher()
        hasher.update(context)
        hasher.update(UInt64(lookups.count))
        // By index: `for lookup in lookups` would copy (retain and release) every lookup.
        for index in lookups.indices {
            guard let hash = lookups[index].contentHash else { return nil }
            hasher.update(lookups[index].path)
            hasher.update(hash)
        }
        return hasher.finalize()
    }

    /// Over the hashes of the sources' encoded facts, in lookup order.
    func factsDigest(_ lookups: [FileLookup], factsHashes: [UInt64]) -> UInt64? {
        guard let context else { return nil }
        var hasher = XXH3Hasher()
        hasher.update(context &+ 1)
        hasher.update(UInt64(lookups.count))
        for index in lookups.indices where index < factsHashes.count {
            hasher.update(lookups[index].path)
            hasher.update(factsHashes[index])
        }
        return hasher.finalize()
    }

    private static func contextDigest(of target: InputCollection.Target, options: String) -> UInt64? {
        var hasher = XXH3Hasher()
        hasher.update(VersionInfo.version)
        hasher.update(UInt64(FileFacts.schemaVersion))
        hasher.update(executableStamp)
        hasher.update(LocalDisk.currentDirectory())
        hasher.update(target.settings)
        hasher.update(options)
        let inventory = target.inventory
        let files = (target.settings.configPath.map { [$0] } ?? []) + inventory.propertyFiles + inventory.resolvedFiles
        hasher.update(UInt64(files.count))
        for file in files {
            guard let bytes = try? OpenFile.contents(atPath: file) else { return nil }
            hasher.update(file)
            hasher.update(UInt64(bytes.count))
            hasher.update(bytes)
        }
        hasher.update(UInt64(inventory.directories.count))
        for directory in inventory.directories { hasher.update(directory) }
        return hasher.finalize()
    }

    /// Size, mtime and inode of the running executable, so that a rebuilt `dibuild` (whose version string
    /// may not have changed during development) never replays a record of its predecessor.
    static let executableStamp: String = {
        #if os(Linux)
            let path = "/proc/self/exe"
        #else
            let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        #endif
        guard let status = FileStatus.ifExists(path: path) else { return "unknown" }
        return "\(status.size) \(status.modificationTime) \(status.inode)"
    }()
}
