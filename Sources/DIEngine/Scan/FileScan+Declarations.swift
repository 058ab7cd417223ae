import SwiftSyntax

/// The structural walk: file-level items, type declarations and their members, `#if` clauses. Function
/// bodies, closures and accessors are never walked for declarations.
extension FileScan {
    func walk(_ items: CodeBlockItemListSyntax, conditions: ConditionStack) {
        items.forEachElement { item in
            guard case .decl(let decl) = item.item else { return }
            // Dispatch on the kind: dynamic protocol casts cost more than the rest of the walk.
            switch decl.kind {
            case .ifConfigDecl:
                decl.cast(IfConfigDeclSyntax.self).clauses.forEachElement { clause in
                    guard case .statements(let nested) = clause.elements else { return }
                    walk(nested, conditions: conditions + [ConditionText.condition(of: clause)])
                }
            case .importDecl:
                recordImport(decl.cast(ImportDeclSyntax.self), conditions: conditions)
            case .typeAliasDecl:
                facts.typealiases.append(
                    typealiasFact(decl.cast(TypeAliasDeclSyntax.self), scope: [], conditions: conditions))
            default:
                if let header = TypeHeader(decl) {
                    walkType(header, scope: [], conditions: conditions, defaultAccess: nil)
                }
            }
        }
    }

    private func recordImport(_ decl: ImportDeclSyntax, conditions: ConditionStack) {
        var components = decl.path.mapElements { SyntaxText.identifier($0.name) }
        if decl.importKindSpecifier != nil && components.count > 1 { components.removeLast() }
        let testable = decl.attributes.containsElement {
            $0.as(AttributeSyntax.self).map { SyntaxText.compact($0.attributeName) == "testable" } ?? false
        }
        facts.imports.append(
            ImportFact(
                module: Self.dotted(components), testable: testable, conditions: conditions,
                position: position(decl.path)))
    }

    /// `components.joined(separator: ".")` by appending: the generic `joined` looks up its sequence's
    /// associated `Element` type at run time, whose first use in a process scans every protocol conformance
    /// record (~0.05 ms, on the cache's thread in an edit that scans one file).
    static func dotted(_ components: [String]) -> String {
        var module = components.first ?? ""
        for component in components.dropFirst() {
            module.append(".")
            module.append(component)
        }
        return module
    }

    func typealiasFact(_ decl: TypeAliasDeclSyntax, scope: [String], conditions: ConditionStack) -> TypealiasFact {
        TypealiasFact(
            name: SyntaxText.identifier(decl.name), target: SyntaxText.compact(decl.initializer.value),
            isGeneric: decl.genericParameterClause != nil, scope: scope, conditions: conditions,
            position: position(decl.name))
    }

    private func walkType(
        _ header: TypeHeader, scope: [String], conditions: ConditionStack, defaultAccess: AccessLevel?
    ) {
        let written = header.modifiers.accessLevel
        var fact = DeclarationFact(
            kind: header.kind, name: header.name, scope: scope, position: position(header.nameNode),
            access: written ?? defaultAccess ?? .internal, hasWhereClause: header.whereClause != nil,
            inherited: inheritedNames(header.inheritanceClause), conditions: conditions,
            isFinal: header.modifiers.contains(.final))
        fact.isGeneric = header.hasGenericParameters
        let index = facts.declarations.count
        facts.declarations.append(fact)
        declaredAccess.append(fact.access)
        hasOwnGenericParameters.append(header.hasGenericParameters)

        let memberScope = header.kind == .extension ? DottedName.components(header.name) : scope + [header.name]
        // `private extension` makes its members fileprivate; other extension modifiers carry over as written.
        let memberDefault: AccessLevel? =
            header.kind == .extension ? written.map { $0 == .private ? .fileprivate : $0 } : nil
        walkMembers(
            header.memberBlock.members, owner: index, scope: memberScope, conditions: conditions,
            defaultAccess: memberDefault)
    }

    private func walkMembers(
        _ members: MemberBlockItemListSyntax, owner: Int, scope: [String], conditions: ConditionStack,
        defaultAccess: AccessLevel?
    ) {
        members.forEachElement { member in
            currentOwner = owner
            let decl = member.decl
            switch decl.kind {
            case .ifConfigDecl:
                decl.cast(IfConfigDeclSyntax.self).clauses.forEachElement { clause in
                    guard case .decls(let nested) = clause.elements else { return }
                    walkMembers(
                        nested, owner: owner, scope: scope,
                        conditions: conditions + [ConditionText.condition(of: clause)], defaultAccess: defaultAccess)
                }
            case .initializerDecl:
                recordInitializer(
                    decl.cast(InitializerDeclSyntax.self), owner: owner, conditions: conditions,
                    defaultAccess: defaultAccess)
            case .functionDecl:
                recordFunction(
                    decl.cast(FunctionDeclSyntax.self), owner: owner, conditions: conditions,
                    defaultAccess: defaultAccess)
            case .variableDecl:
                recordVariable(decl.cast(VariableDeclSyntax.self), owner: owner, conditions: conditions)
            case .typeAliasDecl:
                facts.declarations[owner].typealiases.append(
                    typealiasFact(decl.cast(TypeAliasDeclSyntax.self), scope: scope, conditions: conditions))
            case .associatedTypeDecl:
                facts.declarations[owner].hasAssociatedType = true
            default:
                if let header = TypeHeader(decl) {
                    walkType(header, scope: scope, conditions: conditions, defaultAccess: defaultAccess)
                } else {
                    collectCalls(in: decl, owner: owner, conditions: conditions, eager: false)
                }
            }
        }
    }

    private func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [InheritedName] {
        guard let clause else { return [] }
        return clause.inheritedTypes.mapElements { inherited in
            let written = SyntaxText.compact(inherited.type)
            return InheritedName(written: written, name: names.unqualified(written), position: position(inherited.type))
        }
    }
}

/// The parts of a type or extension declaration that differ per syntax node type.
struct TypeHeader {
    var kind: DeclarationKind
    var name: String
    var nameNode: Syntax
    var hasGenericParameters: Bool
    var modifiers: DeclModifierListSyntax
    var inheritanceClause: InheritanceClauseSyntax?
    var whereClause: GenericWhereClauseSyntax?
    var memberBlock: MemberBlockSyntax

    init?(_ decl: DeclSyntax) {
        switch decl.kind {
        case .classDecl:
            let node = decl.cast(ClassDeclSyntax.self)
            self.init(.class, node, name: node.name, generic: node.genericParameterClause != nil)
        case .structDecl:
            let node = decl.cast(StructDeclSyntax.self)
            self.init(.struct, node, name: node.name, generic: node.genericParameterClause != nil)
        case .enumDecl:
            let node = decl.cast(EnumDeclSyntax.self)
            self.init(.enum, node, name: node.name, generic: node.genericParameterClause != nil)
        case .actorDecl:
            let node = decl.cast(ActorDeclSyntax.self)
            self.init(.actor, node, name: node.name, generic: node.genericParameterClause != nil)
        case .protocolDecl:
            let node = decl.cast(ProtocolDeclSyntax.self)
            self.init(.protocol, node, name: node.name, generic: false)
        case .extensionDecl:
            let node = decl.cast(ExtensionDeclSyntax.self)
            self.init(
                kind: .extension, name: SyntaxText.compact(node.extendedType), nameNode: Syntax(node.extendedType),
                group: node, generic: false)
        default:
            return nil
        }
    }

    private init(_ kind: DeclarationKind, _ group: some DeclGroupSyntax, name: TokenSyntax, generic: Bool) {
        self.init(kind: kind, name: SyntaxText.identifier(name), nameNode: Syntax(name), group: group, generic: generic)
    }

    private init(kind: DeclarationKind, name: String, nameNode: Syntax, group: some DeclGroupSyntax, generic: Bool) {
        self.kind = kind
        self.name = name
        self.nameNode = nameNode
        self.hasGenericParameters = generic
        self.modifiers = group.modifiers
        self.inheritanceClause = group.inheritanceClause
        self.whereClause = group.genericWhereClause
        self.memberBlock = group.memberBlock
    }
}

/// Splits `A.B<C.D>.E` into `A`, `B<C.D>`, `E` (dots inside generic arguments do not separate).
enum DottedName {
    static func components(_ name: String) -> [String] {
        var components: [String] = []
        var current = ""
        var depth = 0
        for character in name {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "." where depth == 0:
                components.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        components.append(current)
        return components
    }
}
