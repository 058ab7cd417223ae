/// The `exclude` rule, on lexically normalised absolute paths: a literal entry
/// excludes itself and everything below it (by whole components), a glob excludes what it matches
/// completely and everything below a directory it matches.
struct ExcludeMatcher: Sendable {
    private let literalPaths: [String]
    private let patterns: [GlobPattern]

    init(_ entries: [PathEntry], currentDirectory: String) {
        var literalPaths: [String] = []
        var patterns: [GlobPattern] = []
        for entry in entries {
            if GlobPattern.hasWildcards(entry.text) {
                patterns.append(
                    GlobPattern(base: entry.base, text: entry.text).absolute(currentDirectory: currentDirectory))
            } else {
                let display = DisplayPath.join(entry.base, entry.text)
                literalPaths.append(LexicalPath.absolute(display, currentDirectory: currentDirectory))
            }
        }
        self.literalPaths = literalPaths
        self.patterns = patterns
    }

    var isEmpty: Bool { literalPaths.isEmpty && patterns.isEmpty }

    /// Whether `absolutePath` is excluded. A directory walk has already checked the parent, so it passes
    /// `ancestorsChecked` to test the path itself only against the globs.
    func excludes(_ absolutePath: String, ancestorsChecked: Bool = false) -> Bool {
        for literal in literalPaths where Self.path(absolutePath, isAtOrBelow: literal) {
            return true
        }
        if ancestorsChecked {
            return patterns.contains { $0.matches(absolutePath: absolutePath) }
        }
        return patterns.contains { $0.matchesPathOrAncestor(absolutePath: absolutePath) }
    }

    private static func path(_ path: String, isAtOrBelow directory: String) -> Bool {
        guard ByteOrder.hasPrefix(path, directory) else { return false }
        if path.utf8.count == directory.utf8.count || directory == "/" { return true }
        return path.utf8.dropFirst(directory.utf8.count).first == UInt8(ascii: "/")
    }
}
