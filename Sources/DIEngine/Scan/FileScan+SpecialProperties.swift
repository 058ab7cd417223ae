import SwiftSyntax

/// Instance properties named `scope`, `qualifier` and `target`.
extension FileScan {
    func recordSpecialProperty(
        name: String, binding: PatternBindingSyntax, annotation: TypeAnnotationSyntax?, owner: Int,
        conditions: ConditionStack, namePosition: SourcePosition
    ) {
        switch name {
        case "scope":
            guard let value = PropertyValue(binding) else { return }
            recordScope(value, annotation: annotation, owner: owner, conditions: conditions)
        case "qualifier":
            guard let value = PropertyValue(binding) else { return }
            recordQualifier(value, annotation: annotation, owner: owner, conditions: conditions)
        case "target":
            guard facts.declarations[owner].configPropertyTargetPosition == nil else { return }
            facts.declarations[owner].configPropertyTargetPosition = namePosition
            facts.declarations[owner].configPropertyTarget = PropertyValue(binding).flatMap {
                $0.expression.flatMap(StringLiteral.init(expression:))?.value
            }
        default:
            break
        }
    }

    private func recordScope(
        _ value: PropertyValue, annotation: TypeAnnotationSyntax?, owner: Int, conditions: ConditionStack
    ) {
        let scope = value.expression.flatMap(scopeName)
        let at = position(value.node)
        let text = SyntaxText.normalized(value.node)
        // A `scope` property of another meaning (`let scope = "read"`) only matters in a type known to be DI.
        let looksLikeScope =
            annotation.map { names.isScopeType(SyntaxText.compact($0.type)) }
            ?? (value.expression?.is(MemberAccessExprSyntax.self) ?? false)
        let gate: Gate = looksLikeScope ? .always : .ownerLists(DINames.protocols)
        pendingScopeFacts.append(
            (owner, ScopeValueFact(value: scope, text: text, conditions: conditions, position: at), gate))
        let typeName = facts.declarations[owner].fullName
        if scope == nil {
            report(.unsupportedScope, text, typeName, at: at, owner: owner, gate: gate)
        } else if scope == .weak && facts.declarations[owner].kind == .struct {
            report(.weakStruct, typeName, at: at, owner: owner, gate: gate)
        }
    }

    private func recordQualifier(
        _ value: PropertyValue, annotation: TypeAnnotationSyntax?, owner: Int, conditions: ConditionStack
    ) {
        let at = position(value.node)
        let literal = value.expression.flatMap(StringLiteral.init(expression:))
        let isNil = value.expression?.is(NilLiteralExprSyntax.self) ?? false
        let fact = QualifierValueFact(
            value: literal?.value ?? "", isValid: literal != nil || isNil, conditions: conditions, position: at)
        let looksLikeQualifier =
            annotation.map { ["String", "Swift.String"].contains(TypeReferenceParser.reference(for: $0.type).name) }
            ?? true
        let gate: Gate = looksLikeQualifier ? .always : .ownerLists(DINames.protocols)
        pendingQualifierFacts.append((owner, fact, gate))
        if !fact.isValid {
            let typeName = facts.declarations[owner].fullName
            report(.invalidQualifier, typeName, at: at, owner: owner, gate: gate)
        }
    }

    /// `.x`, `Scope.x`, `DIRuntime.Scope.x` (or another runtime module) with a known scope name.
    func scopeName(_ expression: ExprSyntax) -> ScopeName? {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, !names.isScopeType(SyntaxText.compact(base)) { return nil }
        return ScopeName(rawValue: SyntaxText.identifier(member.declName.baseName))
    }
}

/// The value of a property: its initial value, or the single expression a getter returns (explicitly or
/// implicitly, also inside `get { }`). `expression` is nil when the getter is anything more complex.
struct PropertyValue {
    var node: Syntax
    var expression: ExprSyntax?

    init?(_ binding: PatternBindingSyntax) {
        if let value = binding.initializer?.value {
            node = Syntax(value)
            expression = value
            return
        }
        guard let accessors = binding.accessorBlock else { return nil }
        let body: CodeBlockItemListSyntax
        switch accessors.accessors {
        case .getter(let items):
            body = items
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                let items = getter.body?.statements
            else { return nil }
            body = items
        }
        expression = Self.singleExpression(body)
        node = expression.map(Syntax.init) ?? Syntax(body)
    }

    private static func singleExpression(_ body: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard body.count == 1, let item = body.first?.item else { return nil }
        switch item {
        case .expr(let expression): return expression
        case .stmt(let statement): return statement.as(ReturnStmtSyntax.self)?.expression
        default: return nil
        }
    }
}

/// A string literal without interpolation, with escapes resolved.
struct StringLiteral {
    var value: String
    var node: StringLiteralExprSyntax

    init?(expression: ExprSyntax) {
        guard let literal = expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue
        else { return nil }
        self.value = value
        self.node = literal
    }
}
