@testable import DIEngine

/// Realistic facts for codec and cache tests: what the scanner records for a typical DI source file
/// (an import, a component with an initialiser and inject calls, a protocol, a configuration).
enum SampleFacts {
    static func make(_ seed: Int) -> FileFacts {
        let name = "Service\(seed)"
        var facts = FileFacts()
        facts.imports = [
            ImportFact(module: "Foundation", testable: false, conditions: [], position: at(1, 1)),
            ImportFact(module: "DIRuntime", testable: seed % 7 == 0, conditions: ["DEBUG"], position: at(2, 1)),
        ]
        var component = DeclarationFact(
            kind: .class, name: name, scope: [], position: at(4, 13), access: .public,
            inherited: [
                InheritedName(written: "Autowired", name: "Autowired", position: at(4, 30)),
                InheritedName(written: "\(name)Protocol", name: "\(name)Protocol", position: at(4, 41)),
            ], isFinal: true)
        component.initializers = [
            InitializerFact(
                parameters: (0..<3).map { index in
                    ParameterFact(
                        label: index == 0 ? nil : "dependency\(index)", internalName: "dependency\(index)",
                        type: TypeReference(
                            written: "Repository\(seed + index)", name: "Repository\(seed + index)",
                            isArray: index == 2),
                        qualifierByComment: index == 1 ? "qualifier.path" : nil,
                        commentPosition: index == 1 ? at(6, 20) : nil, position: at(6, 10 + 20 * index))
                }, access: .public, position: at(6, 5))
        ]
        component.injectCalls = [
            InjectCallFact(
                type: TypeReference(written: "Logger", name: "Logger"), qualifier: "console", isEager: true,
                position: at(9, 22)),
            InjectCallFact(
                type: TypeReference(written: "[Plugin]", name: "Plugin", isArray: true), hasPayload: seed % 3 == 0,
                isEager: false, insideConfigProperty: nil, position: at(10, 22), conditions: ["os(Linux)"]),
        ]
        component.scopeValues = [ScopeValueFact(value: .singleton, text: ".singleton", position: at(12, 30))]
        component.qualifierValues = [QualifierValueFact(value: "main\(seed)", position: at(13, 30))]
        component.properties = [
            PropertyFact(
                name: "logger", type: TypeReference(written: "Logger", name: "Logger"), isLet: true,
                wrappers: [PropertyWrapperFact(kind: .dependency, qualifier: "file", position: at(15, 5))],
                position: at(15, 30)),
            PropertyFact(
                name: "timeout", type: TypeReference(written: "Int?", name: "Int", isOptional: true),
                wrappers: [
                    PropertyWrapperFact(kind: .propertyValue, propertyPath: "server.timeout", position: at(16, 5))
                ],
                position: at(16, 30)),
        ]
        component.injectPropertyCalls = [InjectPropertyCallFact(path: "server.url", position: at(18, 29))]
        var configuration = DeclarationFact(
            kind: .class, name: "\(name)Configuration", scope: [], position: at(21, 7), access: .internal,
            inherited: [InheritedName(written: "Configuration", name: "Configuration", position: at(21, 30))])
        configuration.configCalls = [
            ConfigCallFact(
                propertyName: "make\(name)", type: TypeReference(written: name, name: name),
                dependencies: [TypeReference(written: "Logger", name: "Logger")], dependencyPositions: [at(22, 40)],
                qualifier: "q\(seed)", scope: .prototype, position: at(22, 19))
        ]
        let proto = DeclarationFact(
            kind: .protocol, name: "\(name)Protocol", scope: [], position: at(25, 10), access: .public,
            hasAssociatedType: seed % 5 == 0)
        var nested = DeclarationFact(
            kind: .struct, name: "Options", scope: [name], position: at(27, 12), access: .private,
            insidePrivateType: nil, isGeneric: true)
        nested.typealiases = [
            TypealiasFact(name: "Value", target: "[String:Int]", scope: [name, "Options"], position: at(28, 15))
        ]
        facts.declarations = [component, configuration, proto, nested]
        facts.typealiases = [TypealiasFact(name: "\(name)Alias", target: name, position: at(30, 11))]
        facts.diagnostics = [
            ScanDiagnostic(
                "S09", .warning, "unsupported scope value 'custom'", at: at(31, 3),
                notes: [ScanNote("declared here", at: at(4, 13))])
        ]
        return facts
    }

    static func at(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }
}
