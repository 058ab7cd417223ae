import SwiftSyntax

extension DeclModifierListSyntax {
    /// The access level written without a detail (`private(set)` only restricts the setter).
    var accessLevel: AccessLevel? {
        var index = startIndex
        while index != endIndex {
            let modifier = self[index]
            index = self.index(after: index)
            guard modifier.detail == nil else { continue }
            switch modifier.name.tokenKind {
            case .keyword(.private): return .private
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.internal): return .internal
            case .keyword(.package): return .package
            case .keyword(.public): return .public
            case .keyword(.open): return .open
            default: continue
            }
        }
        return nil
    }

    func contains(_ keyword: Keyword) -> Bool { containsElement { $0.name.tokenKind == .keyword(keyword) } }

    /// `static` or `class` (type members).
    var isTypeMember: Bool {
        containsElement { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
