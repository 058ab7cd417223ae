import SwiftSyntax

/// Code swift-syntax did not understand: a region it skipped as unexpected, or a place where it
/// assumed a missing token.
struct UnparsedCode {
    var range: Range<Int>
    /// "unexpected code '…'" or "expected '…'".
    var problem: String
    var node: Syntax?
}

/// Finds every place where swift-syntax recovered from a syntax error. Iterative, and it only enters
/// subtrees that contain an error, so deep but valid trees cost nothing.
enum SyntaxErrorFinder {
    static func unparsedCode(in tree: SourceFileSyntax) -> [UnparsedCode] {
        guard tree.hasError else { return [] }
        var found: [UnparsedCode] = []
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            guard node.hasError else { continue }
            if let unexpected = node.as(UnexpectedNodesSyntax.self) {
                let text = SyntaxText.normalized(unexpected)
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                found.append(
                    UnparsedCode(
                        range: unexpected.positionAfterSkippingLeadingTrivia
                            .utf8Offset..<unexpected.endPositionBeforeTrailingTrivia.utf8Offset,
                        problem: "unexpected code '\(shown)'", node: node))
            } else if let token = node.as(TokenSyntax.self) {
                guard token.presence == .missing else { continue }
                let expected = token.text.isEmpty ? "\(token.tokenKind)" : "'\(token.text)'"
                let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
                found.append(UnparsedCode(range: offset..<offset, problem: "expected \(expected)", node: node))
            } else {
                pending.append(contentsOf: node.children(viewMode: .all).reversed())
            }
        }
        return found
    }
}
