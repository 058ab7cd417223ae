import SwiftSyntax

/// Turns an `#if` clause into the condition under which its contents are compiled
/// (`FileFacts.ConditionStack`): `#elseif c2` after `#if c1` is `!(c1) && (c2)`, `#else` negates every
/// earlier condition.
enum ConditionText {
    static func condition(of clause: IfConfigClauseSyntax) -> String {
        var negatedEarlier: [String] = []
        if let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) {
            for earlier in clauses {
                if earlier.id == clause.id { break }
                if let condition = earlier.condition { negatedEarlier.append("!(\(SyntaxText.normalized(condition)))") }
            }
        }
        guard let condition = clause.condition else { return negatedEarlier.joined(separator: " && ") }
        let own = SyntaxText.normalized(condition)
        return negatedEarlier.isEmpty ? own : (negatedEarlier + ["(\(own))"]).joined(separator: " && ")
    }
}
