#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lexical path handling shared by the cache and the emit stage: no file-system access, no symlink resolution.
public enum LexicalPath {
    /// `.` components and duplicate or trailing `/` removed, `..` kept (spec README, "Display path").
    /// An empty relative result is `.`.
    public static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `directory` (itself absolute), then normalised.
    public static func absolute(_ path: String, relativeTo directory: String) -> String {
        normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// The directory part of a normalised path: `a/b` → `a`, `b` → `.`, `/b` → `/`, `/` → `/`.
    public static func parent(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == normalized.utf8.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// The last component of a normalised path.
    public static func lastComponent(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.utf8.lastIndex(of: UInt8(ascii: "/")) else { return normalized }
        return String(normalized[normalized.utf8.index(after: slash)...])
    }

    /// The process's current directory (`/` if it cannot be determined).
    public static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }
}

extension SourceCache {
    /// `<Target>.dicache`, the target name sanitised like a class name (`config.md` §3.3): a leading run of
    /// characters outside `[A-Za-z_]` becomes one `_`, every other run outside `[A-Za-z0-9_]` becomes one
    /// `_`, then the first character is upper-cased.
    public static func fileName(forTarget target: String) -> String {
        var name = ""
        var pendingUnderscore = false
        for scalar in target.unicodeScalars {
            let isLetter = scalar.isASCII && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar))
            let isDigit = scalar.isASCII && ("0"..."9").contains(scalar)
            let allowed = isLetter || scalar == "_" || (isDigit && !name.isEmpty)
            if allowed {
                if pendingUnderscore { name.append("_") }
                pendingUnderscore = false
                name.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        if pendingUnderscore || name.isEmpty { name.append("_") }
        return name.prefix(1).uppercased() + name.dropFirst() + ".dicache"
    }

    /// `<cache dir>/<Target>.dicache`.
    public static func filePath(cacheDirectory: String, target: String) -> String {
        LexicalPath.normalize(cacheDirectory + "/" + fileName(forTarget: target))
    }
}
