/// The factory class name rules: a target name made a Swift type name.
enum ClassName {
    static let fallback = "DeliFactory"

    /// A leading run of characters outside `[A-Za-z_]` becomes one `_`, every other run outside
    /// `[A-Za-z0-9_]` becomes one `_`, then the first character is upper-cased
    /// (`my-factory` → `My_factory`, `123abc` → `_abc`, `Fábrica` → `F_brica`).
    static func sanitize(_ name: String) -> String {
        var result = ""
        var inLeadingRun = true
        var inRun = false
        for character in name {
            let allowed = inLeadingRun ? isIdentifierHead(character) : isIdentifierBody(character)
            if allowed {
                result.append(character)
                inLeadingRun = false
                inRun = false
            } else if !inRun {
                result.append("_")
                inRun = true
            }
        }
        guard let first = result.first else { return result }
        // A `String` on both sides: `String + Substring` is the generic `+`, whose first use costs the runtime
        // a scan of all 9,000 protocol conformances.
        return first.uppercased() + String(result.dropFirst())
    }

    /// The class name derived from an output file: its name without `.swift`, sanitised; the fallback
    /// when nothing usable remains.
    static func derived(fromOutput path: String) -> String {
        var name = DisplayPath.lastComponent(of: path)
        if name.hasSuffix(".swift") { name.removeLast(".swift".count) }
        let sanitized = sanitize(name)
        return sanitized.isEmpty ? fallback : sanitized
    }

    /// Whether `name` can be used after `import` (`I17`): an ASCII Swift identifier.
    static func isSwiftIdentifier(_ name: String) -> Bool {
        guard let first = name.first, isIdentifierHead(first), name != "_" else { return false }
        return name.dropFirst().allSatisfy(isIdentifierBody)
    }

    private static func isIdentifierHead(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && character.isLetter)
    }

    private static func isIdentifierBody(_ character: Character) -> Bool {
        isIdentifierHead(character) || (character.isASCII && character.isNumber)
    }
}
