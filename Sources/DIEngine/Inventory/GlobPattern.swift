/// A path pattern of `config.md` §4: `*` and `?` within one component, a whole component `**` for
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

    /// Whether the path's components (absolute paths without the leading `/`) match the whole pattern.
    func matches(_ path: [Substring]) -> Bool {
        Self.match(components[...], path[...])
    }

    private static func match(_ pattern: ArraySlice<Component>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == .anyDirectories {
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard let next = rest.first, !next.hasPrefix(".") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let name = path.first, matches(name: name, first) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// Whether one file name matches one non-`**` component.
    static func matches<Name: StringProtocol>(name: Name, _ component: Component) -> Bool {
        switch component {
        case .literal(let literal): return name == literal
        case .anyDirectories: return !name.hasPrefix(".")
        case .wildcard(let pattern):
            if name.hasPrefix("."), pattern.first != UInt8(ascii: ".") { return false }
            return WildcardMatcher.matches(Array(name.utf8), pattern)
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

/// `*` / `?` matching over UTF-8 bytes; `?` consumes one whole scalar.
enum WildcardMatcher {
    static func matches(_ name: [UInt8], _ pattern: [UInt8]) -> Bool {
        var nameIndex = 0
        var patternIndex = 0
        var starPattern = -1
        var starName = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count {
                let byte = pattern[patternIndex]
                if byte == UInt8(ascii: "*") {
                    starPattern = patternIndex
                    starName = nameIndex
                    patternIndex += 1
                    continue
                }
                if byte == UInt8(ascii: "?") {
                    nameIndex = endOfScalar(in: name, at: nameIndex)
                    patternIndex += 1
                    continue
                }
                if byte == name[nameIndex] {
                    nameIndex += 1
                    patternIndex += 1
                    continue
                }
            }
            guard starPattern >= 0 else { return false }
            starName = endOfScalar(in: name, at: starName)
            nameIndex = starName
            patternIndex = starPattern + 1
        }
        while patternIndex < pattern.count, pattern[patternIndex] == UInt8(ascii: "*") { patternIndex += 1 }
        return patternIndex == pattern.count
    }

    private static func endOfScalar(in bytes: [UInt8], at index: Int) -> Int {
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
