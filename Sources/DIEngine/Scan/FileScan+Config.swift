import SwiftSyntax

/// `Config(...)` calls. The facts are recorded in every type; the checks only apply
/// once the file shows the type to be a `Configuration` (a user type may well be called `Config`).
extension FileScan {
    static let maximumConfigDependencies = 9

    func recordConfig(_ call: FunctionCallExprSyntax, placement: ConfigPlacement?, context: CallContext) {
        let owner = context.owner
        let gate = Gate.ownerLists([DINames.configuration])
        let at = position(call.calledExpression)
        if placement == nil || placement?.isStatic == true {
            report(.misplacedConfig, facts.declarations[owner].fullName, at: at, owner: owner, gate: gate)
        }
        // `Array` first: `filter` on a syntax collection builds a new tree, which costs the size of the file.
        let unlabelled = Array(call.arguments).filter { $0.label == nil }
        guard let first = unlabelled.first, let typeBase = Self.metatypeBase(first.expression) else {
            report(.configNeedsType, at: at, owner: owner, gate: gate)
            return
        }
        let type = TypeReferenceParser.reference(for: typeBase)
        var fact = ConfigCallFact(
            propertyName: placement?.property, isStaticProperty: placement?.isStatic ?? false, type: type,
            conditions: context.conditions, position: at)
        var dependencyCount = 0
        for argument in unlabelled.dropFirst() {
            guard let base = Self.metatypeBase(argument.expression) else { continue }
            dependencyCount += 1
            let dependency = TypeReferenceParser.reference(for: base)
            if dependency.isUnsupported || dependency.isOptional {
                report(
                    .unsupportedDependencyType, dependency.written, at: position(argument), owner: owner, gate: gate)
            } else if dependency.isArray {
                report(.configArrayDependency, dependency.name, at: position(argument), owner: owner, gate: gate)
            } else {
                fact.dependencies.append(dependency)
                fact.dependencyPositions.append(position(argument))
            }
        }
        if dependencyCount > Self.maximumConfigDependencies {
            report(.configTooManyDependencies, at: at, owner: owner, gate: gate)
        }
        for argument in call.arguments {
            switch argument.label?.text {
            case "qualifier":
                if let literal = StringLiteral(expression: argument.expression) {
                    fact.qualifier = literal.value
                } else {
                    report(.configQualifierLiteral, at: position(argument), owner: owner, gate: gate)
                }
            case "scope":
                if let scope = scopeName(argument.expression) {
                    fact.scope = scope
                } else {
                    let text = SyntaxText.normalized(argument.expression)
                    report(
                        .unsupportedScope, text, type.written, at: position(argument.expression), owner: owner,
                        gate: gate)
                }
            default:
                continue
            }
        }
        facts.declarations[owner].configCalls.append(fact)
    }
}
