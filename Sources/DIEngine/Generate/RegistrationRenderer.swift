/// The registration blocks of the factory, written relative to the writer's current indentation.
enum RegistrationRenderer {
    /// What the lines around a block's resolver read of its registration, taken out field by field: a
    /// closure capturing the registration itself made the optimiser copy the whole registration (a retain
    /// per field) for each block.
    private struct Block {
        var typeName: String
        var injectorArguments: [DependencyArgument]
    }

    /// The block of the registration at `address`.
    static func append(_ address: UnsafePointer<Registration>, to writer: inout CodeWriter) {
        appendOpening(address, to: &writer)
        appendClosing(address, to: &writer)
    }

    /// The block's lines but its last: everything but the links, which resolution adds. An array argument
    /// reads `hasImportedCandidate`, which resolution sets too (`FactoryBlocks` takes blocks without one).
    static func appendOpening(_ address: UnsafePointer<Registration>, to writer: inout CodeWriter) {
        // Fields read in place: `address.pointee` bound to a name would be a copy of the registration.
        let type = address.pointee.id.typeName
        let qualifier = address.pointee.id.qualifier
        let scope = address.pointee.scope
        let arguments = address.pointee.constructorArguments
        let block = Block(typeName: type, injectorArguments: address.pointee.injectorArguments)
        switch address.pointee.kind {
        case .component:
            appendBlock("register", block, qualifier: qualifier, scope: scope, to: &writer) {
                $0.line("return ", type, "()")
            }
        case .configuration:
            // A Configuration class is always unqualified and singleton.
            appendBlock("register", block, qualifier: "", scope: .singleton, to: &writer) {
                $0.line("return ", type, "()")
            }
        case .autowired:
            appendBlock("register", block, qualifier: qualifier, scope: scope, to: &writer) {
                appendConstruction(of: type, from: arguments, payload: nil, to: &$0)
            }
        case .lazyAutowired:
            appendBlock("registerLazy", block, qualifier: qualifier, scope: scope, injects: true, to: &writer) {
                $0.line("return ", type, "()")
            }
        case .factory:
            let payload = payloadType(address.pointee.payloadType, of: type)
            appendBlock("registerFactory", block, qualifier: qualifier, takesPayload: true, to: &writer) {
                appendConstruction(of: type, from: arguments, payload: payload, to: &$0)
            }
        case .lazyFactory:
            let payload = payloadType(address.pointee.payloadType, of: type)
            appendBlock(
                "registerLazyFactory", block, qualifier: qualifier, takesPayload: true, injects: true, to: &writer
            ) {
                $0.line("return ", type, "(payload: payload as! ", payload, ")")
            }
        case .config:
            let configuration = address.pointee.configurationType ?? ""
            let property = address.pointee.configPropertyName ?? ""
            appendBlock("register", block, qualifier: qualifier, scope: scope, to: &writer) {
                $0.line("let parent = context.get(\(configuration).self, qualifier: \"\")!")
                $0.line("return parent.\(property)()")
            }
        case .configProperty:
            let target = address.pointee.configPropertyTarget ?? ""
            let fields = address.pointee.configPropertyFields
            appendBlock("register", block, qualifier: "", scope: .prototype, to: &writer) {
                appendConfigPropertyBody(type: type, target: target, fields: fields, to: &$0)
            }
        case .imported:
            // Known from another module's resolved file; that module's factory registers it.
            break
        }
    }

    /// The resolve lines of `arguments` and `return Type(arguments)`, the factory's payload (of type
    /// `payload`) passed last.
    private static func appendConstruction(
        of type: String, from arguments: [DependencyArgument], payload: String?, to writer: inout CodeWriter
    ) {
        DependencyLines.appendResolveLines(arguments, to: &writer)
        writer.line { writer in
            writer.append("return ")
            writer.append(type)
            writer.append("(")
            DependencyLines.appendArgumentList(arguments, to: &writer)
            if let payload {
                writer.append(arguments.isEmpty ? "payload: payload as! " : ", payload: payload as! ")
                writer.append(payload)
            }
            writer.append(")")
        }
    }

    /// One `register…(` call but its closing line (`appendClosing`). Factories take the payload in their
    /// resolver and have no scope argument; lazy registrations add the injector closure.
    private static func appendBlock(
        _ function: String, _ block: Block, qualifier: String, scope: ScopeName? = nil, takesPayload: Bool = false,
        injects: Bool = false, to writer: inout CodeWriter, resolver: (inout CodeWriter) -> Void
    ) {
        writer.line(function, "(")
        writer.indented { writer in
            writer.line(block.typeName, ".self,")
            writer.line(takesPayload ? "resolver: { payload in" : "resolver: {")
            writer.indented(resolver)
            writer.line("},")
            if injects {
                writer.line("injector: { instance in")
                writer.indented { writer in
                    DependencyLines.appendResolveLines(block.injectorArguments, to: &writer)
                    writer.line { writer in
                        writer.append("instance.inject(")
                        DependencyLines.appendArgumentList(block.injectorArguments, to: &writer)
                        writer.append(")")
                    }
                }
                writer.line("},")
            }
            let quoted = SwiftStringLiteral.quoted(qualifier)
            if let scope {
                writer.line("qualifier: ", quoted, ",")
                writer.line("scope: .", scope.rawValue)
            } else {
                writer.line("qualifier: ", quoted)
            }
        }
    }

    /// The block's last line: the call's `)` and its links.
    static func appendClosing(_ address: UnsafePointer<Registration>, to writer: inout CodeWriter) {
        // Known from another module's resolved file: no block.
        guard address.pointee.kind != .imported else { return }
        let links = address.pointee.links
        writer.line { writer in
            writer.append(")")
            appendLinkCalls(links, to: &writer)
        }
    }

    private static func appendConfigPropertyBody(
        type: String, target: String, fields: [ConfigPropertyField], to writer: inout CodeWriter
    ) {
        guard !fields.isEmpty else {
            writer.line("return \(type)()")
            return
        }
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
    private static func payloadType(_ payload: String?, of type: String) -> String {
        payload ?? type + "._Payload"
    }

    /// `.link(N.self)` per link, sorted and deduplicated.
    static func linkCalls(_ links: [String]) -> String {
        var writer = CodeWriter()
        appendLinkCalls(links, to: &writer)
        return writer.text
    }

    /// `linkCalls(links)` as a piece of the line being written.
    private static func appendLinkCalls(_ links: [String], to writer: inout CodeWriter) {
        for link in sortedUnique(links) {
            writer.append(".link(")
            writer.append(link)
            writer.append(".self)")
        }
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
