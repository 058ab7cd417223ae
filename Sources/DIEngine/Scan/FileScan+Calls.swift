import SwiftSyntax

/// `Inject(...)` and `InjectProperty(...)` calls and the qualifier arguments
/// they share with `@Dependency`.
extension FileScan {
    func recordInject(_ call: FunctionCallExprSyntax, context: CallContext) {
        let at = position(call.calledExpression)
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label == nil, let base = Self.metatypeBase(first.expression) else {
            report(.injectNeedsType, at: at)
            return
        }
        let type = TypeReferenceParser.reference(for: base)
        if type.isUnsupported || type.isOptional {
            report(.unsupportedDependencyType, type.written, at: at)
            return
        }
        let qualifiers = qualifierArguments(arguments)
        guard qualifiers.isValid else { return }
        facts.declarations[context.owner].injectCalls.append(
            InjectCallFact(
                type: type, qualifier: qualifiers.qualifier, qualifierBy: qualifiers.qualifierBy,
                hasPayload: arguments.contains { $0.label?.text == "with" }, isEager: context.isEager,
                insideConfigProperty: context.configProperty, position: at, conditions: context.conditions))
    }

    func recordInjectProperty(_ call: FunctionCallExprSyntax, context: CallContext) {
        guard let first = call.arguments.first, first.label == nil,
            let literal = StringLiteral(expression: first.expression)
        else {
            report(.injectPropertyLiteral, at: position(call.calledExpression))
            return
        }
        let at = position(literal.node)
        guard checkPropertyPath(literal.value, at: at) else { return }
        facts.declarations[context.owner].injectPropertyCalls.append(
            InjectPropertyCallFact(path: literal.value, position: at, conditions: context.conditions))
    }

    /// `T` of an argument written `T.self`.
    static func metatypeBase(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self"
        else { return nil }
        return member.base
    }

    /// `qualifier:` and `qualifierBy:` arguments (`S19`–`S21`, `S39`); other labels are not looked at.
    func qualifierArguments(_ arguments: [LabeledExprSyntax]) -> QualifierArguments {
        var result = QualifierArguments()
        var qualifierArgument: LabeledExprSyntax?
        var qualifierByArgument: LabeledExprSyntax?
        for argument in arguments {
            switch argument.label?.text {
            case "qualifier":
                qualifierArgument = argument
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let literal = StringLiteral(expression: argument.expression) else {
                    report(.qualifierLiteral, at: position(argument))
                    result.isValid = false
                    continue
                }
                result.qualifier = literal.value
            case "qualifierBy":
                qualifierByArgument = argument
                guard let literal = StringLiteral(expression: argument.expression) else {
                    report(.qualifierByLiteral, at: position(argument))
                    result.isValid = false
                    continue
                }
                result.qualifierBy = literal.value
                if !checkPropertyPath(literal.value, at: position(literal.node)) { result.isValid = false }
            default:
                continue
            }
        }
        if let qualifierArgument, let qualifierByArgument {
            let later =
                qualifierArgument.position > qualifierByArgument.position ? qualifierArgument : qualifierByArgument
            report(.qualifierAndQualifierBy, at: position(later))
            result.isValid = false
        }
        return result
    }
}

struct QualifierArguments {
    var qualifier: String?
    var qualifierBy: String?
    var isValid = true
}
