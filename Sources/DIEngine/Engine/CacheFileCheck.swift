#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cache file that is not a regular file, or larger than `SourceCache.fileSizeLimit`, is not read (it
/// might block or fill the memory); the run goes on without it and says so with a warning.
enum CacheFileCheck {
    static func warning(for settings: TargetSettings) -> Diagnostic? {
        let path = SourceCache.filePath(cacheDirectory: settings.cacheDirectory, target: settings.name)
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let reason: String
        if let kind = FileKind.nonRegular(info.st_mode) {
            reason = "not a regular file (\(kind.rawValue))"
        } else if UInt64(max(0, info.st_size)) > SourceCache.fileSizeLimit {
            reason = "larger than \(SourceCache.fileSizeLimit >> 20) MiB"
        } else {
            return nil
        }
        return Diagnostic(.ignoringCache, path, reason)
    }
}
