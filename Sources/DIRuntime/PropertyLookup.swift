import Foundation

/// Property trees as the generated `loadProperty([...])` literals build them: `[String: Any]` mappings,
/// `[Any]` lists and scalar leaves (strings in generated code, any literal in hand-written code).
enum PropertyLookup {
    /// Folds `overlay` into `base`: two mappings merge recursively, anything else is replaced.
    static func merge(_ base: [String: Any], _ overlay: [String: Any]) -> [String: Any] {
        var merged = base
        for (key, value) in overlay {
            if let baseMapping = merged[key].flatMap(mapping), let overlayMapping = mapping(value) {
                merged[key] = merge(baseMapping, overlayMapping)
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    static func mapping(_ value: Any) -> [String: Any]? {
        value as? [String: Any]
    }

    static func list(_ value: Any) -> [Any]? {
        value as? [Any]
    }

    /// The text of a scalar leaf, or nil for a mapping or a list.
    static func text(of value: Any) -> String? {
        if mapping(value) != nil || list(value) != nil { return nil }
        switch value {
        case let string as String: return string
        case let bool as Bool: return bool ? "true" : "false"
        case is NSNull: return ""
        default: return String(describing: value)
        }
    }

    /// Evaluates `path` against `root` character by character, with the same algorithm as the engine's `PropertyPath`.
    /// Returns nil when the path is malformed or names nothing.
    static func value(at path: String, in root: [String: Any]) -> Any? {
        var evaluator = PathEvaluator(root: root)
        for character in path {
            guard evaluator.consume(character) else { return nil }
        }
        return evaluator.finish()
    }
}

/// The property path state machine (keys, `[…]`, quotes). `consume` returns false on a syntax error or once the path
/// can no longer name anything (both give nil at run time, so evaluation stops early).
private struct PathEvaluator {
    private var node: Any?
    private var key = ""
    private var inBracket = false
    private var openQuote: Character?
    private var quoted = false

    init(root: [String: Any]) {
        node = root
    }

    mutating func consume(_ character: Character) -> Bool {
        switch character {
        case ".":
            if openQuote != nil || inBracket { return false }
            if key.isEmpty { return true }
            return descendIntoKey()
        case "'", "\"":
            if let opening = openQuote {
                guard character == opening else { return false }
                openQuote = nil
                quoted = true
            } else {
                guard key.isEmpty else { return false }
                openQuote = character
            }
            return true
        case "[":
            if !key.isEmpty {
                if openQuote != nil { return false }
                guard descendIntoKey() else { return false }
            }
            if inBracket { return false }
            inBracket = true
            return true
        case "]":
            if openQuote != nil || !inBracket { return false }
            let found: Bool
            if quoted {
                found = descendIntoKey()
            } else if let index = Int(key) {
                found = descendIntoIndex(index)
            } else {
                found = false
            }
            inBracket = false
            return found
        default:
            key.append(character)
            return true
        }
    }

    mutating func finish() -> Any? {
        if key.isEmpty { return node }
        if openQuote != nil || inBracket { return nil }
        return descendIntoKey() ? node : nil
    }

    /// Moves to `mapping[key]` and starts a new key; false when there is nothing there.
    private mutating func descendIntoKey() -> Bool {
        node = node.flatMap(PropertyLookup.mapping)?[key]
        resetKey()
        return node != nil
    }

    private mutating func descendIntoIndex(_ index: Int) -> Bool {
        if let list = node.flatMap(PropertyLookup.list), list.indices.contains(index) {
            node = list[index]
        } else {
            node = nil
        }
        resetKey()
        return node != nil
    }

    private mutating func resetKey() {
        key = ""
        quoted = false
    }
}
