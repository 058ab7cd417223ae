/// The result of evaluating a property path against a property tree.
enum PropertyLookup: Equatable, Sendable {
    case found(PropertyNode)
    case notFound
    /// The path is not well-formed; the payload is the `S39` reason text.
    case malformed(String)
}

/// The property path evaluator (keys, `[…]`, quotes). It must stay the same algorithm as the runtime's
/// `getProperty`, character by character, so the build-time checks agree with what the app will see.
enum PropertyPath {
    /// The `S39` reason (`unterminated quote`, `']' without '['`, …) or nil when `path` is well-formed.
    static func syntaxError(in path: String) -> String? {
        if case .malformed(let reason) = evaluate(path, root: nil) { return reason }
        return nil
    }

    /// Looks `path` up in `root`. A malformed path is reported as such even when an earlier step of the
    /// walk already left the tree, because syntax errors do not depend on the data.
    static func lookup(_ path: String, in root: PropertyNode) -> PropertyLookup {
        evaluate(path, root: root)
    }

    enum Reason {
        static let unterminatedQuote = "unterminated quote"
        static let unterminatedBracket = "unterminated '['"
        static let closeWithoutOpen = "']' without '['"
        static let mismatchedQuote = "mismatched quote"
        static let quoteAfterKey = "quote after key characters"
        static let nestedBracket = "'[' inside brackets"
        static let dotInside = "'.' inside brackets or quotes"
    }

    /// Runs the state machine. A nil `root` (or a walk that left the tree) keeps scanning for syntax
    /// errors with no current node.
    private static func evaluate(_ path: String, root: PropertyNode?) -> PropertyLookup {
        var current = root
        var key = ""
        var inBracket = false
        var openQuote: Character?
        var quoted = false

        func descend() {
            current = child(of: current, named: key)
            key = ""
            quoted = false
        }

        for character in path {
            switch character {
            case ".":
                if openQuote != nil || inBracket { return .malformed(Reason.dotInside) }
                if !key.isEmpty { descend() }
            case "'", "\"":
                if let opening = openQuote {
                    if character != opening { return .malformed(Reason.mismatchedQuote) }
                    openQuote = nil
                    quoted = true
                } else {
                    if !key.isEmpty { return .malformed(Reason.quoteAfterKey) }
                    openQuote = character
                }
            case "[":
                if !key.isEmpty {
                    // The key before '[' would have to be looked up while its quote is still open.
                    if openQuote != nil { return .malformed(Reason.unterminatedQuote) }
                    descend()
                }
                if inBracket { return .malformed(Reason.nestedBracket) }
                inBracket = true
            case "]":
                if openQuote != nil { return .malformed(Reason.unterminatedQuote) }
                if !inBracket { return .malformed(Reason.closeWithoutOpen) }
                if quoted {
                    current = child(of: current, named: key)
                } else if let index = Int(key) {
                    current = element(of: current, at: index)
                } else {
                    current = nil
                }
                key = ""
                quoted = false
                inBracket = false
            default:
                key.append(character)
            }
        }
        if !key.isEmpty {
            if openQuote != nil { return .malformed(Reason.unterminatedQuote) }
            if inBracket { return .malformed(Reason.unterminatedBracket) }
            current = child(of: current, named: key)
        }
        guard let current else { return .notFound }
        return .found(current)
    }

    private static func child(of node: PropertyNode?, named key: String) -> PropertyNode? {
        guard case .mapping(let map)? = node?.value else { return nil }
        return map[key]
    }

    private static func element(of node: PropertyNode?, at index: Int) -> PropertyNode? {
        guard case .list(let items)? = node?.value, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
