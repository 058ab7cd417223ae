/// The registration blocks of the factory, written relative to the writer's current indentation.
enum RegistrationRenderer {
    static func append(_ registration: Registration, to writer: inout CodeWriter) {
        let type = registration.id.typeName
        let qualifier = registration.id.qualifier
        let scope = registration.scope
        switch registration.kind {
        case .component:
            appendBlock("register", registration, qualifier: qualifier, scope: scope, to: &writer) {
                $0.line("return \(type)()")
            }
        case .configuration:
            // A Configuration class is always unqualified and singleton.
            appendBlock("register", registration, qualifier: "", scope: .singleton, to: &writer) {
                $0.line("return \(type)()")
            }
        case .autowired:
            appendBlock("register", registration, qualifier: qualifier, scope: scope, to: &writer) {
                let arguments = DependencyLines.append(registration.constructorArguments, to: &$0)
                $0.line("return \(type)(\(arguments))")
            }
        case .lazyAutowired:
            appendBlock("registerLazy", registration, qualifier: qualifier, scope: scope, injects: true, to: &writer) {
                $0.line("return \(type)()")
            }
        case .factory:
            appendBlock("registerFactory", registration, qualifier: qualifier, takesPayload: true, to: &writer) {
                let arguments = DependencyLines.append(registration.constructorArguments, to: &$0)
                let payload = "payload: payload as! \(payloadType(of: registration))"
                $0.line("return \(type)(\(arguments.isEmpty ? payload : arguments + ", " + payload))")
            }
        case .lazyFactory:
            appendBlock(
                "registerLazyFactory", registration, qualifier: qualifier, takesPayload: true, injects: true,
                to: &writer
            ) {
                $0.line("return \(type)(payload: payload as! \(payloadType(of: registration)))")
            }
        case .config:
            appendBlock("register", registration, qualifier: qualifier, scope: scope, to: &writer) {
                let configuration = registration.configurationType ?? ""
                $0.line("let parent = context.get(\(configuration).self, qualifier: \"\")!")
                $0.line("return parent.\(registration.configPropertyName ?? "")()")
            }
        case .configProperty:
            appendBlock("register", registration, qualifier: "", scope: .prototype, to: &writer) {
                appendConfigPropertyBody(registration, to: &$0)
            }
        case .imported:
            // Known from another module's resolved file; that module's factory registers it.
            break
        }
    }

    /// One `register…(` call. Factories take the payload in their resolver and have no scope argument;
    /// lazy registrations add the injector closure.
    private static func appendBlock(
        _ function: String, _ registration: Registration, qualifier: String, scope: ScopeName? = nil,
        takesPayload: Bool = false, injects: Bool = false, to writer: inout CodeWriter,
        resolver: (inout CodeWriter) -> Void
    ) {
        writer.line("\(function)(")
        writer.indented { writer in
            writer.line("\(registration.id.typeName).self,")
            writer.line(takesPayload ? "resolver: { payload in" : "resolver: {")
            writer.indented(resolver)
            writer.line("},")
            if injects {
                writer.line("injector: { instance in")
                writer.indented { writer in
                    let arguments = DependencyLines.append(registration.injectorArguments, to: &writer)
                    writer.line("instance.inject(\(arguments))")
                }
                writer.line("},")
            }
            let qualifierArgument = "qualifier: \(SwiftStringLiteral.quoted(qualifier))"
            if let scope {
                writer.line(qualifierArgument + ",")
                writer.line("scope: .\(scope.rawValue)")
            } else {
                writer.line(qualifierArgument)
            }
        }
        writer.line(")" + linkCalls(registration.links))
    }

    private static func appendConfigPropertyBody(_ registration: Registration, to writer: inout CodeWriter) {
        let type = registration.id.typeName
        let fields = registration.configPropertyFields
        guard !fields.isEmpty else {
            writer.line("return \(type)()")
            return
        }
        let target = registration.configPropertyTarget ?? ""
        writer.line("return \(type)(")
        writer.indented { writer in
            for (index, field) in fields.enumerated() {
                let path = SwiftStringLiteral.quoted(target + "." + field.name)
                let unwrap = field.isOptional ? "" : "!"
                let separator = index == fields.count - 1 ? "" : ","
                writer.line(
                    "\(field.name): context.getProperty(\(path), type: \(field.typeName).self)\(unwrap)\(separator)")
            }
        }
        writer.line(")")
    }

    /// The payload type; a validated graph always has one, and `T._Payload` is what the runtime
    /// protocols infer, so the fallback still names the right type.
    private static func payloadType(of registration: Registration) -> String {
        registration.payloadType ?? registration.id.typeName + "._Payload"
    }

    /// `.link(N.self)` per link, sorted and deduplicated.
    static func linkCalls(_ links: [String]) -> String {
        var calls = ""
        for link in sortedUnique(links) {
            calls += ".link("
            calls += link
            calls += ".self)"
        }
        return calls
    }

    /// `names` deduplicated (as a set does it) and in byte order. The linker delivers links in this form;
    /// ASCII names already strictly increasing are taken as they are.
    static func sortedUnique(_ names: [String]) -> [String] {
        if names.count < 2 || (ByteOrder.isStrictlyIncreasing(names, by: { $0 }) && names.allSatisfy(ByteOrder.isASCII))
        {
            return names
        }
        return Set(names).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
