import SwiftSyntax

/// Locates the first syntax error swift-syntax recovered from, so that a broken file gets one clear
/// diagnostic (`S00`, outside the catalogue) while the facts of everything that parsed are kept.
final class SyntaxErrorFinder: SyntaxAnyVisitor {
    struct Found {
        var offset: Int
        var message: String
    }

    private var found: Found?

    static func firstError(in tree: SourceFileSyntax) -> Found? {
        let finder = SyntaxErrorFinder(viewMode: .all)
        finder.walk(tree)
        return finder.found
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard found == nil, node.hasError else { return .skipChildren }
        if let unexpected = node.as(UnexpectedNodesSyntax.self) {
            let text = SyntaxText.normalized(unexpected)
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            found = Found(
                offset: unexpected.positionAfterSkippingLeadingTrivia.utf8Offset,
                message: "syntax error: unexpected code '\(shown)'")
            return .skipChildren
        }
        if let token = node.as(TokenSyntax.self), token.presence == .missing {
            let expected = token.text.isEmpty ? "\(token.tokenKind)" : "'\(token.text)'"
            found = Found(
                offset: token.positionAfterSkippingLeadingTrivia.utf8Offset,
                message: "syntax error: expected \(expected)")
            return .skipChildren
        }
        return .visitChildren
    }
}
