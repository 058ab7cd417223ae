import SwiftSyntax

/// Stored and computed properties with their property-wrapper attributes, and the
/// `Inject`/`Config` calls in their initial values, attributes and accessors.
extension FileScan {
    func recordVariable(_ decl: VariableDeclSyntax, owner: Int, conditions: ConditionStack) {
        let isStatic = decl.modifiers.isTypeMember
        let isLazy = decl.modifiers.contains(.lazy)
        let isLet = decl.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = decl.bindings.mapElements { $0 }
        var wholeValueConfigs: [SyntaxIdentifier: ConfigPlacement] = [:]

        for (index, binding) in bindings.enumerated() {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = SyntaxText.identifier(pattern.identifier)
            // `var a, b: Int` gives both names the later annotation.
            let annotation =
                binding.typeAnnotation
                ?? (binding.initializer == nil ? bindings[index...].lazy.compactMap(\.typeAnnotation).first : nil)
            let type = annotation.map { TypeReferenceParser.reference(for: $0.type) }
            let isComputed = binding.accessorBlock.map(Self.isComputed) ?? false
            let namePosition = position(pattern.identifier)
            let wrappers =
                index == 0 ? propertyWrappers(decl.attributes, property: name, type: type, at: namePosition) : []
            facts.declarations[owner].properties.append(
                PropertyFact(
                    name: name, type: type, isStatic: isStatic, isLazy: isLazy, isComputed: isComputed,
                    hasInitialValue: binding.initializer != nil, isLet: isLet, wrappers: wrappers,
                    conditions: conditions, position: namePosition))
            if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                CallKind(call) == .config
            {
                wholeValueConfigs[call.id] = ConfigPlacement(property: name, isStatic: isStatic)
            }
            if !isStatic {
                recordSpecialProperty(
                    name: name, binding: binding, annotation: annotation, owner: owner, conditions: conditions,
                    namePosition: namePosition)
            }
        }
        collectCalls(
            in: decl, owner: owner, conditions: conditions, eager: !isStatic && !isLazy,
            wholeValueConfigs: wholeValueConfigs)
    }

    /// A getter (or any accessor other than observers) makes a property computed.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains {
                let kind = $0.accessorSpecifier.tokenKind
                return kind != .keyword(.willSet) && kind != .keyword(.didSet)
            }
        }
    }

    private func propertyWrappers(
        _ attributes: AttributeListSyntax, property: String, type: TypeReference?, at propertyPosition: SourcePosition
    ) -> [PropertyWrapperFact] {
        var wrappers: [PropertyWrapperFact] = []
        attributes.forEachElement { element in
            guard let attribute = element.as(AttributeSyntax.self),
                let kind = names.wrapperKind(SyntaxText.compact(attribute.attributeName))
            else { return }
            wrappers.append(
                propertyWrapper(kind, attribute, property: property, type: type, propertyPosition: propertyPosition))
        }
        return wrappers
    }

    private func propertyWrapper(
        _ kind: PropertyWrapperKind, _ attribute: AttributeSyntax, property: String, type: TypeReference?,
        propertyPosition: SourcePosition
    ) -> PropertyWrapperFact {
        let at = position(attribute)
        var fact = PropertyWrapperFact(kind: kind, position: at)
        let arguments: [LabeledExprSyntax] =
            if case .argumentList(let list) = attribute.arguments { Array(list) } else { [] }
        if kind == .propertyValue {
            let literal = arguments.first.flatMap { $0.label == nil ? StringLiteral(expression: $0.expression) : nil }
            guard let literal else {
                report(.propertyValueLiteral, at: at)
                fact.isValid = false
                return fact
            }
            fact.propertyPath = literal.value
            fact.isValid = checkPropertyPath(literal.value, at: position(literal.node))
        } else {
            let qualifiers = qualifierArguments(arguments)
            fact.qualifier = qualifiers.qualifier
            fact.qualifierBy = qualifiers.qualifierBy
            fact.isValid = qualifiers.isValid
        }
        let wrapperName = SyntaxText.compact(attribute.attributeName)
        guard let type else {
            report(.wrapperNeedsType, property, wrapperName, at: propertyPosition)
            fact.isValid = false
            return fact
        }
        switch kind {
        case .dependency where type.isArray && !type.isOptional:
            report(.useDependencyArray, type.name, at: at)
            fact.isValid = false
        case .dependencyArray where !type.isArray && !type.isUnsupported:
            report(.dependencyArrayNeedsArray, property, type.written, at: at)
            fact.isValid = false
        case .dependency, .dependencyArray:
            if type.isUnsupported || type.isOptional {
                report(.unsupportedDependencyType, type.written, at: propertyPosition)
                fact.isValid = false
            }
        case .propertyValue:
            break
        }
        return fact
    }
}
