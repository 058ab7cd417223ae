/// Explicit hashing of the resolved settings for the inputs digest. `String(reflecting:)` of the settings
/// cost about 5% of a no-op build on a large project; these fields must stay in step with
/// `TargetSettings` (a test counts its stored properties). Every optional gets a presence tag and every
/// list its count, so that no two different settings feed the same bytes.
extension XXH3Hasher {
    mutating func update(_ settings: TargetSettings) {
        update(settings.name)
        update(optional: settings.configPath)
        update(settings.configDirectory)
        update(settings.include)
        update(settings.exclude)
        update(settings.className)
        update(settings.outputPath)
        update(optional: settings.outputArgument)
        update(settings.properties)
        update(settings.resolvedOutputPath)
        update(UInt64(settings.generateResolved ? 1 : 0))
        update(UInt64(settings.providesResolvedFile ? 1 : 0))
        update(settings.outputReference)
        update(UInt64(settings.dependencies.count))
        for dependency in settings.dependencies {
            update(dependency.path)
            update(UInt64(dependency.imports.count))
            for module in dependency.imports { update(module) }
        }
        update(optional: settings.accessControl?.rawValue)
        update(settings.runtimeModule)
        update(settings.cacheDirectory)
        update(optional: settings.depfilePath)
    }

    private mutating func update(_ entries: [PathEntry]) {
        update(UInt64(entries.count))
        for entry in entries { update(entry) }
    }

    private mutating func update(_ entry: PathEntry) {
        update(entry.text)
        update(entry.base)
        if let location = entry.location {
            update(UInt64(1))
            update(location.path)
            update(UInt64(bitPattern: Int64(location.position.line)))
            update(UInt64(bitPattern: Int64(location.position.column)))
        } else {
            update(UInt64(0))
        }
    }

    private mutating func update(optional string: String?) {
        if let string {
            update(UInt64(1))
            update(string)
        } else {
            update(UInt64(0))
        }
    }
}
