import SwiftSyntax

/// The structural walk: file-level items, type declarations and their members, `#if` clauses. Function
/// bodies, closures and accessors are never walked for declarations (`annotations.md` §1.1).
extension FileScan {
    func walk(_ items: CodeBlockItemListSyntax, conditions: ConditionStack) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    guard case .statements(let nested) = clause.elements else { continue }
                    walk(nested, conditions: conditions + [ConditionText.condition(of: clause)])
                }
            } else if let importDecl = decl.as(ImportDeclSyntax.self) {
                recordImport(importDecl, conditions: conditions)
            } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                facts.typealiases.append(typealiasFact(alias, scope: [], conditions: conditions))
            } else if let group = decl.asProtocol(DeclGroupSyntax.self) {
                walkType(group, scope: [], conditions: conditions, defaultAccess: nil)
            }
        }
    }

    private func recordImport(_ decl: ImportDeclSyntax, conditions: ConditionStack) {
        var components = decl.path.map { SyntaxText.identifier($0.name) }
        if decl.importKindSpecifier != nil && components.count > 1 { components.removeLast() }
        let testable = decl.attributes.contains {
            $0.as(AttributeSyntax.self).map { SyntaxText.compact($0.attributeName) == "testable" } ?? false
        }
        facts.imports.append(
            ImportFact(
                module: components.joined(separator: "."), testable: testable, conditions: conditions,
                position: position(decl.path)))
    }

    func typealiasFact(_ decl: TypeAliasDeclSyntax, scope: [String], conditions: ConditionStack) -> TypealiasFact {
        TypealiasFact(
            name: SyntaxText.identifier(decl.name), target: SyntaxText.compact(decl.initializer.value),
            isGeneric: decl.genericParameterClause != nil, scope: scope, conditions: conditions,
            position: position(decl.name))
    }

    private func walkType(
        _ group: some DeclGroupSyntax, scope: [String], conditions: ConditionStack, defaultAccess: AccessLevel?
    ) {
        guard let header = TypeHeader(group) else { return }
        let written = group.modifiers.accessLevel
        var fact = DeclarationFact(
            kind: header.kind, name: header.name, scope: scope, position: position(header.nameNode),
            access: written ?? defaultAccess ?? .internal, hasWhereClause: group.genericWhereClause != nil,
            inherited: inheritedNames(group.inheritanceClause), conditions: conditions,
            isFinal: group.modifiers.contains("final"))
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
            group.memberBlock.members, owner: index, scope: memberScope, conditions: conditions,
            defaultAccess: memberDefault)
    }

    private func walkMembers(
        _ members: MemberBlockItemListSyntax, owner: Int, scope: [String], conditions: ConditionStack,
        defaultAccess: AccessLevel?
    ) {
        for member in members {
            let decl = member.decl
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    guard case .decls(let nested) = clause.elements else { continue }
                    walkMembers(
                        nested, owner: owner, scope: scope,
                        conditions: conditions + [ConditionText.condition(of: clause)], defaultAccess: defaultAccess)
                }
            } else if let group = decl.asProtocol(DeclGroupSyntax.self) {
                walkType(group, scope: scope, conditions: conditions, defaultAccess: defaultAccess)
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                recordInitializer(initializer, owner: owner, conditions: conditions, defaultAccess: defaultAccess)
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                recordFunction(function, owner: owner, conditions: conditions, defaultAccess: defaultAccess)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                recordVariable(variable, owner: owner, conditions: conditions)
            } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                facts.declarations[owner].typealiases.append(
                    typealiasFact(alias, scope: scope, conditions: conditions))
            } else if decl.is(AssociatedTypeDeclSyntax.self) {
                facts.declarations[owner].hasAssociatedType = true
            } else {
                collectCalls(in: decl, owner: owner, conditions: conditions, eager: false)
            }
        }
    }

    private func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [InheritedName] {
        guard let clause else { return [] }
        return clause.inheritedTypes.map { inherited in
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

    init?(_ group: some DeclGroupSyntax) {
        if let decl = group.as(ClassDeclSyntax.self) {
            self.init(.class, decl.name, decl.genericParameterClause != nil)
        } else if let decl = group.as(StructDeclSyntax.self) {
            self.init(.struct, decl.name, decl.genericParameterClause != nil)
        } else if let decl = group.as(EnumDeclSyntax.self) {
            self.init(.enum, decl.name, decl.genericParameterClause != nil)
        } else if let decl = group.as(ActorDeclSyntax.self) {
            self.init(.actor, decl.name, decl.genericParameterClause != nil)
        } else if let decl = group.as(ProtocolDeclSyntax.self) {
            self.init(.protocol, decl.name, false)
        } else if let decl = group.as(ExtensionDeclSyntax.self) {
            self.init(
                kind: .extension, name: SyntaxText.compact(decl.extendedType), nameNode: Syntax(decl.extendedType),
                hasGenericParameters: false)
        } else {
            return nil
        }
    }

    private init(_ kind: DeclarationKind, _ name: TokenSyntax, _ generic: Bool) {
        self.init(kind: kind, name: SyntaxText.identifier(name), nameNode: Syntax(name), hasGenericParameters: generic)
    }

    private init(kind: DeclarationKind, name: String, nameNode: Syntax, hasGenericParameters: Bool) {
        self.kind = kind
        self.name = name
        self.nameNode = nameNode
        self.hasGenericParameters = hasGenericParameters
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
