/// Purely textual path operations the inventory needs beyond `DisplayPath`: appending entry names, the
/// absolute, fully normalised form that `exclude` compares, and mapping display paths to the file system.
enum LexicalPath {
    /// `child` appended to the display path of its directory.
    static func appending(_ directory: String, _ child: String) -> String {
        if directory == "." { return child }
        var path = directory
        path.reserveCapacity(directory.utf8.count + child.utf8.count + 1)
        if directory.utf8.last != UInt8(ascii: "/") { path.append("/") }
        path.append(child)
        return path
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
}
