import SwiftSyntax

/// The calls the scanner records, recognised by callee: the bare name or any member access ending in it
/// (`Inject`, `Self.Inject`, `LoginView.Inject`).
enum CallKind {
    case inject, injectProperty, config

    init?(_ call: FunctionCallExprSyntax) {
        let name: TokenSyntax
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName
        } else {
            return nil
        }
        switch SyntaxText.identifier(name) {
        case "Inject": self = .inject
        case "InjectProperty": self = .injectProperty
        case "Config": self = .config
        default: return nil
        }
    }
}

/// Where a `Config(...)` call stands: the whole initial value of the named stored property.
struct ConfigPlacement {
    var property: String
    var isStatic: Bool
}

/// The context a recorded call was found in.
struct CallContext {
    var owner: Int
    var conditions: ConditionStack
    /// Evaluated while an instance is constructed.
    var isEager: Bool
    /// The stored property whose `Config(...)` call contains the call.
    var configProperty: String?
}

/// Finds `Inject`, `InjectProperty` and `Config` calls in one member of a declaration, tracking `#if`
/// clauses and whether evaluation is deferred (closures, local functions and types, accessors, `lazy`).
final class CallCollector: SyntaxVisitor {
    private let scan: FileScan
    private let owner: Int
    private let eager: Bool
    private let wholeValueConfigs: [SyntaxIdentifier: ConfigPlacement]
    private var conditions: ConditionStack
    private var deferredDepth = 0
    private var configStack: [(call: SyntaxIdentifier, property: String)] = []

    init(
        scan: FileScan, owner: Int, conditions: ConditionStack, eager: Bool,
        wholeValueConfigs: [SyntaxIdentifier: ConfigPlacement]
    ) {
        self.scan = scan
        self.owner = owner
        self.eager = eager
        self.wholeValueConfigs = wholeValueConfigs
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    private var context: CallContext {
        let configProperty = configStack.last?.property
        // Calls inside a `Config(...)` call are eager dependencies of that registration.
        let isEager = configProperty != nil || (eager && deferredDepth == 0)
        return CallContext(owner: owner, conditions: conditions, isEager: isEager, configProperty: configProperty)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        switch CallKind(node) {
        case .inject: scan.recordInject(node, context: context)
        case .injectProperty: scan.recordInjectProperty(node, context: context)
        case .config:
            let placement = wholeValueConfigs[node.id]
            scan.recordConfig(node, placement: placement, context: context)
            if let placement, !placement.isStatic { configStack.append((node.id, placement.property)) }
        case nil: break
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        if configStack.last?.call == node.id { configStack.removeLast() }
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        conditions.append(ConditionText.condition(of: node))
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) { conditions.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { deferring() }
    override func visitPost(_ node: ClosureExprSyntax) { deferredDepth -= 1 }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { deferring() }
    override func visitPost(_ node: AccessorBlockSyntax) { deferredDepth -= 1 }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { deferring() }
    override func visitPost(_ node: FunctionDeclSyntax) { deferredDepth -= 1 }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { deferring() }
    override func visitPost(_ node: MemberBlockSyntax) { deferredDepth -= 1 }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        isLocalLazy(node) ? deferring() : .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        if isLocalLazy(node) { deferredDepth -= 1 }
    }

    private func isLocalLazy(_ node: VariableDeclSyntax) -> Bool { node.modifiers.contains(.lazy) }

    private func deferring() -> SyntaxVisitorContinueKind {
        deferredDepth += 1
        return .visitChildren
    }
}

extension FileScan {
    func collectCalls(
        in node: some SyntaxProtocol, owner: Int, conditions: ConditionStack, eager: Bool,
        wholeValueConfigs: [SyntaxIdentifier: ConfigPlacement] = [:]
    ) {
        guard mayContainCalls(node) else { return }
        CallCollector(
            scan: self, owner: owner, conditions: conditions, eager: eager, wholeValueConfigs: wholeValueConfigs
        ).walk(node)
    }
}
