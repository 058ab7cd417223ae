// TODO(lead): use DisplayPath — this is a minimal stand-in for the config helper's display-path rules.

/// Purely textual path operations: display paths (README "Display path") and the absolute, fully
/// normalised form that `exclude` compares. Never touches the file system.
enum LexicalPath {
    /// `text` joined onto `base` as spelled, then normalised; an absolute `text` ignores the base.
    static func join(_ base: String, _ text: String) -> String {
        if text.hasPrefix("/") || base.isEmpty || base == "." { return normalize(text) }
        return normalize(base + "/" + text)
    }

    /// Drops `.` components, duplicate and trailing `/`; keeps `..`. The empty path becomes `.`.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `child` appended to the display path of its directory.
    static func appending(_ directory: String, _ child: String) -> String {
        if directory == "." { return child }
        if directory.hasSuffix("/") { return directory + child }
        return directory + "/" + child
    }

    /// The absolute form with `..` resolved lexically, relative paths taken from `currentDirectory`.
    static func absolute(_ path: String, currentDirectory: String) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var stack: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = stack.popLast()
            default: stack.append(part)
            }
        }
        return "/" + stack.joined(separator: "/")
    }

    /// The path the file system is asked about: display paths are relative to `currentDirectory`.
    static func fileSystemPath(_ displayPath: String, currentDirectory: String?) -> String {
        guard let currentDirectory, !displayPath.hasPrefix("/") else { return displayPath }
        return displayPath == "." ? currentDirectory : currentDirectory + "/" + displayPath
    }

    static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }
}
