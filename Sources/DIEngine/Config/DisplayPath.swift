/// Display paths: how paths are spelled in diagnostics, depfiles and
/// `--print-inputs`. Purely lexical — the file system is never consulted, and `..` is kept because
/// resolving it lexically would be wrong across symbolic links.
enum DisplayPath {
    /// Removes `.` components, duplicate and trailing `/`; keeps `..`. An empty result is `.`;
    /// an absolute path stays absolute (`/` for the root).
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        // Appended one by one: `joined(separator:)` is not specialised for `[Substring]`, and its generic
        // code costs the runtime a scan of all 9,000 protocol conformances the first time it runs.
        var joined = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            if !joined.isEmpty { joined.append("/") }
            joined.append(contentsOf: component)
        }
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `relative` joined onto `base` (both as spelled) and normalised; an absolute `relative` ignores `base`.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || base.isEmpty { return normalize(relative) }
        return normalize(base + "/" + relative)
    }

    /// The directory containing the file `path`, as a display path (`.` when `path` has no directory part).
    static func directory(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// The last component of `path` (empty for `/`).
    static func lastComponent(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return normalized }
        return String(normalized[normalized.index(after: slash)...])
    }
}
