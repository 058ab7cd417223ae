/// Expands a `GlobPattern` against the file system through a `DirectoryLister`, so that every
/// directory it lists is recorded. Literal components are probed with `stat`, not listed.
struct GlobExpander {
    struct Match {
        var path: InventoryPath
        var kind: EntryKind
    }

    let lister: DirectoryLister
    let currentDirectory: String
    /// Directories not to look into (excluded subtrees while expanding `include`).
    let skipsDirectory: (InventoryPath) -> Bool

    /// Every existing path the pattern matches, sorted by display path, without duplicates.
    func expand(_ pattern: GlobPattern) -> [Match] {
        let literalCount = pattern.literalPrefixCount
        var rootDisplay = pattern.isAbsolute ? "/" : "."
        for case .literal(let name) in pattern.components.prefix(literalCount) {
            rootDisplay = LexicalPath.appending(rootDisplay, name)
        }
        let root = InventoryPath(
            display: rootDisplay,
            absolute: LexicalPath.absolute(rootDisplay, currentDirectory: currentDirectory)
        )
        guard let kind = lister.kind(of: root.display) else { return [] }
        var matches: [Match] = []
        collect(Match(path: root, kind: kind), pattern.components[literalCount...], into: &matches)
        var seen = Set<String>()
        return matches.filter { seen.insert($0.path.display).inserted }.sorted {
            ByteOrder.precedes($0.path.display, $1.path.display)
        }
    }

    private func collect(_ node: Match, _ rest: ArraySlice<GlobPattern.Component>, into matches: inout [Match]) {
        guard let component = rest.first else {
            matches.append(node)
            return
        }
        guard node.kind.isDirectory, !skipsDirectory(node.path) else { return }
        switch component {
        case .literal(let name):
            let child = node.path.appending(name)
            if let kind = lister.kind(of: child.display) {
                collect(Match(path: child, kind: kind), rest.dropFirst(), into: &matches)
            }
        case .wildcard:
            for entry in lister.entries(of: node.path) ?? [] where GlobPattern.matches(name: entry.name, component) {
                collect(
                    Match(path: node.path.appending(entry.name), kind: entry.kind), rest.dropFirst(), into: &matches)
            }
        case .anyDirectories:
            collect(node, rest.dropFirst(), into: &matches)
            // Like directory walks, `**` does not follow links to directories (no cycles, no escapes).
            guard node.kind == .directory else { return }
            for entry in lister.entries(of: node.path) ?? [] where entry.kind == .directory && !entry.isHidden {
                collect(Match(path: node.path.appending(entry.name), kind: .directory), rest, into: &matches)
            }
        }
    }
}
