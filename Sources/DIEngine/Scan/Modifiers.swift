import SwiftSyntax

extension DeclModifierListSyntax {
    /// The access level written without a detail (`private(set)` only restricts the setter).
    var accessLevel: AccessLevel? {
        for modifier in self where modifier.detail == nil {
            if let level = AccessLevel(rawValue: modifier.name.text) { return level }
        }
        return nil
    }

    func contains(_ keyword: String) -> Bool { contains { $0.name.text == keyword } }

    /// `static` or `class` (type members).
    var isTypeMember: Bool { contains("static") || contains("class") }
}
