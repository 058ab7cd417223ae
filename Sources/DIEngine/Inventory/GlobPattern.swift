/// A path pattern of `include` and `exclude`: `*` and `?` within one component, a whole component `**` for
/// zero or more directory levels; every other character, `[ ] { }` included, is literal.
struct GlobPattern: Sendable, Equatable {
    enum Component: Sendable, Equatable {
        case literal(String)
        case wildcard([UInt8])
        /// `**`: zero or more directory levels.
        case anyDirectories
    }

    let isAbsolute: Bool
    let components: [Component]
    private let byteComponents: [PathMatch.Component]

    static func hasWildcards(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
    }

    /// `text` relative to `base` (a literal directory, never parsed for wildcards), spelled like a display path.
    init(base: String, text: String) {
        let isAbsolute = text.hasPrefix("/") || base.hasPrefix("/")
        var components: [Component] = []
        if !text.hasPrefix("/") {
            components += Self.literalComponents(of: base)
        }
        for part in text.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            let component = Self.component(String(part))
            if component == .anyDirectories, components.last == .anyDirectories { continue }
            components.append(component)
        }
        self.init(isAbsolute: isAbsolute, components: components)
    }

    private init(isAbsolute: Bool, components: [Component]) {
        self.isAbsolute = isAbsolute
        self.components = components
        self.byteComponents = components.map { component in
            switch component {
            case .literal(let text): .literal(Array(text.utf8))
            case .wildcard(let pattern): .wildcard(pattern)
            case .anyDirectories: .anyDirectories
            }
        }
    }

    /// The same pattern as an absolute path with `..` resolved lexically, for `exclude` comparisons.
    func absolute(currentDirectory: String) -> GlobPattern {
        var resolved: [Component] = []
        if !isAbsolute {
            resolved = Self.literalComponents(of: currentDirectory)
        }
        for component in components {
            if component == .literal("..") {
                _ = resolved.popLast()
            } else {
                resolved.append(component)
            }
        }
        return GlobPattern(isAbsolute: true, components: resolved)
    }

    /// Number of leading literal components: the directory every match lies in.
    var literalPrefixCount: Int {
        components.firstIndex { if case .literal = $0 { false } else { true } } ?? components.count
    }

    /// Whether an absolute path matches the whole pattern (no trailing `/`; `..` already resolved).
    func matches(absolutePath: String) -> Bool {
        var path = absolutePath
        return path.withUTF8 { PathMatch(pattern: byteComponents, path: $0).matches(end: $0.count) }
    }

    /// Whether the path or one of its ancestors matches: `exclude` drops whole subtrees.
    func matchesPathOrAncestor(absolutePath: String) -> Bool {
        var path = absolutePath
        return path.withUTF8 { bytes in
            let match = PathMatch(pattern: byteComponents, path: bytes)
            for end in bytes.indices.dropFirst() where bytes[end] == UInt8(ascii: "/") {
                if match.matches(end: end) { return true }
            }
            return match.matches(end: bytes.count)
        }
    }

    /// Whether one file name matches one non-`**` component.
    static func matches(name: String, _ component: Component) -> Bool {
        switch component {
        case .literal(let literal): return name.utf8.elementsEqual(literal.utf8)
        case .anyDirectories: return !name.isHiddenName
        case .wildcard(let pattern):
            var name = name
            return name.withUTF8 { WildcardMatcher.matches(name: $0, pattern) }
        }
    }

    private static func component(_ part: String) -> Component {
        if part == "**" { return .anyDirectories }
        return hasWildcards(part) ? .wildcard(Array(part.utf8)) : .literal(part)
    }

    private static func literalComponents(of directory: String) -> [Component] {
        directory.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map {
            .literal(String($0))
        }
    }
}
