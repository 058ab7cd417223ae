import SwiftSyntax

/// Compact text renderings of syntax nodes, built from tokens so that comments never leak in.
enum SyntaxText {
    /// Tokens joined without whitespace, except one space where two words would otherwise merge
    /// (`any Logger`, `some P`, `inout T`). Used for type names as written.
    static func compact(_ node: some SyntaxProtocol) -> String {
        if let identifier = node.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        var result = ""
        var previousEndsWord = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { continue }
            if previousEndsWord && isWordScalar(first) { result += " " }
            result += text
            previousEndsWord = isWordScalar(last)
        }
        return result
    }

    /// Tokens joined with a single space wherever the source had whitespace or comments between them.
    /// Used for `#if` conditions and for values quoted in messages.
    static func normalized(_ node: some SyntaxProtocol) -> String {
        var result = ""
        var pendingSpace = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !result.isEmpty && (pendingSpace || !token.leadingTrivia.isEmpty) { result += " " }
            result += token.text
            pendingSpace = !token.trailingTrivia.isEmpty
        }
        return result
    }

    /// An identifier without the backticks that escape keywords (`` `default` `` → `default`).
    static func identifier(_ token: TokenSyntax) -> String {
        let text = token.text
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F || scalar == "_" || scalar == "$" || scalar == "`"
            || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
    }
}
