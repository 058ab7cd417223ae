import SwiftSyntax

/// Initialisers, `inject` methods and their parameters.
extension FileScan {
    func recordInitializer(
        _ decl: InitializerDeclSyntax, owner: Int, conditions: ConditionStack, defaultAccess: AccessLevel?
    ) {
        let effects = decl.signature.effectSpecifiers
        facts.declarations[owner].initializers.append(
            InitializerFact(
                parameters: parameters(decl.signature.parameterClause),
                isFailable: decl.optionalMark != nil, isGeneric: decl.genericParameterClause != nil,
                isThrowing: effects?.throwsClause != nil, isAsync: effects?.asyncSpecifier != nil,
                isRequired: decl.modifiers.contains(.required), isConvenience: decl.modifiers.contains(.convenience),
                access: decl.modifiers.accessLevel ?? defaultAccess ?? .internal, conditions: conditions,
                position: position(decl.initKeyword)))
        // Calls directly in the body run while the instance is constructed; default argument values do not.
        collectCalls(in: decl.signature, owner: owner, conditions: conditions, eager: false)
        if let body = decl.body { collectCalls(in: body, owner: owner, conditions: conditions, eager: true) }
    }

    func recordFunction(
        _ decl: FunctionDeclSyntax, owner: Int, conditions: ConditionStack, defaultAccess: AccessLevel?
    ) {
        if SyntaxText.identifier(decl.name) == "inject" && !decl.modifiers.isTypeMember {
            let effects = decl.signature.effectSpecifiers
            let isMutating = decl.modifiers.contains(.mutating)
            facts.declarations[owner].injectMethods.append(
                InjectMethodFact(
                    parameters: parameters(decl.signature.parameterClause),
                    isGeneric: decl.genericParameterClause != nil, isThrowing: effects?.throwsClause != nil,
                    isAsync: effects?.asyncSpecifier != nil, isMutating: isMutating,
                    access: decl.modifiers.accessLevel ?? defaultAccess ?? .internal, conditions: conditions,
                    position: position(decl.name)))
            if isMutating {
                report(
                    .mutatingInject, at: position(decl.name), owner: owner,
                    gate: .ownerLists(DINames.lazyProtocols))
            }
        }
        collectCalls(in: decl, owner: owner, conditions: conditions, eager: false)
    }

    private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
        clause.parameters.map(parameter)
    }

    private func parameter(_ syntax: FunctionParameterSyntax) -> ParameterFact {
        let first = syntax.firstName
        let label = first.tokenKind == .wildcard ? nil : SyntaxText.identifier(first)
        let internalName = syntax.secondName.map(SyntaxText.identifier) ?? SyntaxText.identifier(first)
        let type = TypeReferenceParser.reference(for: syntax.type)
        let isInout = syntax.type.as(AttributedTypeSyntax.self)?.specifiers.contains {
            $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
        }
        var fact = ParameterFact(
            label: label, internalName: internalName, type: type, hasDefaultValue: syntax.defaultValue != nil,
            isInoutOrVariadic: syntax.ellipsis != nil || isInout == true, position: position(syntax))
        guard let second = syntax.secondName, let comment = qualifierByComment(between: first, and: second) else {
            return fact
        }
        let commentPosition = position(ofOffset: comment.offset)
        if label != nil {
            report(
                .labelledQualifierBy, comment.text, internalName, type.written, at: fact.position)
        } else if comment.text.isEmpty {
            report(.emptyQualifierBy, at: commentPosition)
        } else if checkPropertyPath(comment.text, at: commentPosition) {
            fact.qualifierByComment = comment.text
            fact.commentPosition = commentPosition
        }
        return fact
    }

    /// The first plain block comment (not a doc comment) between the label and the internal name.
    private func qualifierByComment(between label: TokenSyntax, and name: TokenSyntax) -> (text: String, offset: Int)? {
        let runs = [
            (label.trailingTrivia, label.endPositionBeforeTrailingTrivia.utf8Offset),
            (name.leadingTrivia, name.position.utf8Offset),
        ]
        for (trivia, start) in runs {
            var offset = start
            for piece in trivia {
                if case .blockComment(let text) = piece {
                    let body = text.dropFirst(2).dropLast(text.hasSuffix("*/") ? 2 : 0)
                    return (body.trimmingWhitespace, offset)
                }
                offset += piece.sourceLength.utf8Length
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
