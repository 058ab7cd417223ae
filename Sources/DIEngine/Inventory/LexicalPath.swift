/// Purely textual path operations the inventory needs beyond `DisplayPath`: appending entry names, the
/// absolute, fully normalised form that `exclude` compares, and mapping display paths to the file system.
enum LexicalPath {
    /// `child` appended to the display path of its directory.
    static func appending(_ directory: String, _ child: String) -> String {
        if directory == "." { return child }
        return joined(directory, child, separated: directory.utf8.last != UInt8(ascii: "/"))
    }

    /// `head + "/" + tail` (without the `/` unless `separated`), built with one allocation: a walk makes
    /// two paths per file, where `String.append` costs several times more.
    static func joined(_ head: String, _ tail: String, separated: Bool = true) -> String {
        var head = head
        var tail = tail
        let separator = separated ? 1 : 0
        return head.withUTF8 { first in
            tail.withUTF8 { second in
                String(unsafeUninitializedCapacity: first.count + separator + second.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: first)
                    if separated { buffer[first.count] = UInt8(ascii: "/") }
                    _ = buffer[(first.count + separator)...].initialize(fromContentsOf: second)
                    return buffer.count
                }
            }
        }
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
        // Not `joined(separator:)`: its generic form looked an associated type up through the runtime's scan
        // of every conformance record of the binary, once per run.
        var absolute = ""
        for part in stack {
            absolute += "/"
            absolute.append(contentsOf: part)
        }
        return absolute.isEmpty ? "/" : absolute
    }

    /// The path the file system is asked about: display paths are relative to `currentDirectory`.
    static func fileSystemPath(_ displayPath: String, currentDirectory: String?) -> String {
        guard let currentDirectory, !displayPath.hasPrefix("/") else { return displayPath }
        return displayPath == "." ? currentDirectory : currentDirectory + "/" + displayPath
    }
}
