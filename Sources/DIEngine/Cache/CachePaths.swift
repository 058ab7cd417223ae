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
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `directory` (itself absolute), then normalised.
    public static func absolute(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        // The common case, two normalised parts, needs only the concatenation.
        if directory != "/" && path != "." && isNormalized(directory) && isNormalized(path) {
            return directory + "/" + path
        }
        return normalize(directory + "/" + path)
    }

    /// Whether `normalize` would return `path` unchanged: no empty or `.` component, no trailing `/`.
    static func isNormalized(_ path: String) -> Bool {
        if path == "/" || path == "." { return true }
        if let result = path.utf8.withContiguousStorageIfAvailable(isNormalized) { return result }
        return Array(path.utf8).withUnsafeBufferPointer { isNormalized($0) }
    }

    private static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var componentLength = 0
        var componentIsDot = false
        for index in bytes.indices {
            if bytes[index] == slash {
                // An empty component is fine only as the leading slash of an absolute path.
                if (componentLength == 0 && index > 0) || componentIsDot { return false }
                componentLength = 0
                componentIsDot = false
            } else {
                componentLength += 1
                componentIsDot = componentLength == 1 && bytes[index] == dot
            }
        }
        return componentLength > 0 && !componentIsDot
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
