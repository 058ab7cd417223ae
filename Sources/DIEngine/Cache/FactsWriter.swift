/// The cache's encoding of `FileFacts`, written field by field (no key names, no reflection), in two parts:
///
///     interface length (varint), interface, detail
///     interface: flags (skipped, generated, invalidUTF8, mayRegisterOrDepend), imports, file typealiases, diagnostics,
///                declarations (header fields, inherited names, conditions, member typealiases,
///                scope and qualifier values)
///     detail:    per declaration, in the same order: initialisers, inject methods, properties, Config
///                calls, Inject calls, InjectProperty calls, ConfigProperty target
///
/// The interface is what name resolution and the type hierarchy need; a reader can stop after it
/// (`FactsReader.readInterface`). Optional strings are a varint of length + 1 (0 for nil); a position is
/// two varints; booleans of one value share a flag byte. Changing any of it means bumping
/// `CacheFileFormat.version`.
enum FactsCodec {
    static func encode(_ facts: FileFacts) -> [UInt8] {
        var interface = ByteWriter()
        interface.writeInterface(of: facts)
        var blob = ByteWriter()
        blob.bytes.reserveCapacity(interface.count * 3 + 16)
        blob.writeVarint(interface.count)
        blob.bytes.append(contentsOf: interface.bytes)
        for declaration in facts.declarations { blob.writeDetail(of: declaration) }
        return blob.bytes
    }

    /// The interface bytes of an encoded blob, unchecked beyond their announced length.
    static func interfaceBytes(of blob: ArraySlice<UInt8>) throws(BinaryCodingError) -> ArraySlice<UInt8> {
        try blob.reading { reader throws(BinaryCodingError) in
            let length = try reader.readCount()
            let start = blob.startIndex + reader.offset
            return blob[start..<(start + length)]
        }
    }
}

extension ByteWriter {
    fileprivate mutating func writeInterface(of facts: FileFacts) {
        writeFlags(facts.skipped, facts.generated, facts.invalidUTF8, facts.mayRegisterOrDepend)
        writeArray(facts.imports) { writer, fact in
            writer.writeString(fact.module)
            writer.writeFlags(fact.testable)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
        writeArray(facts.typealiases) { $0.writeTypealias($1) }
        writeArray(facts.diagnostics) { writer, diagnostic in
            writer.writeString(diagnostic.code)
            writer.writeByte(diagnostic.severity.code)
            writer.writeString(diagnostic.message)
            writer.writePosition(diagnostic.position)
            writer.writeArray(diagnostic.notes) { writer, note in
                writer.writeString(note.message)
                writer.writePosition(note.position)
            }
        }
        writeArray(facts.declarations) { $0.writeHeader(of: $1) }
    }

    private mutating func writeHeader(of declaration: DeclarationFact) {
        writeByte(declaration.kind.code)
        writeString(declaration.name)
        writeStrings(declaration.scope)
        writePosition(declaration.position)
        writeByte(declaration.access.code)
        writeOptionalString(declaration.insidePrivateType)
        writeFlags(
            declaration.isGeneric, declaration.hasWhereClause, declaration.hasAssociatedType, declaration.isFinal,
            declaration.hasScanErrors)
        writeArray(declaration.inherited) { writer, name in
            writer.writeString(name.written)
            // Usually equal to `written`: 0 then, else the name's length + 1.
            writer.writeOptionalString(name.name == name.written ? nil : name.name)
            writer.writePosition(name.position)
        }
        writeStrings(declaration.conditions)
        writeArray(declaration.typealiases) { $0.writeTypealias($1) }
        writeArray(declaration.scopeValues) { writer, fact in
            writer.writeByte(fact.value.map { $0.code + 1 } ?? 0)
            writer.writeString(fact.text)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
        writeArray(declaration.qualifierValues) { writer, fact in
            writer.writeString(fact.value)
            writer.writeFlags(fact.isValid)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
    }

    fileprivate mutating func writeDetail(of declaration: DeclarationFact) {
        writeArray(declaration.initializers) { writer, fact in
            writer.writeArray(fact.parameters) { $0.writeParameter($1) }
            writer.writeFlags(
                fact.isFailable, fact.isGeneric, fact.isThrowing, fact.isAsync, fact.isRequired, fact.isConvenience)
            writer.writeByte(fact.access.code)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
        writeArray(declaration.injectMethods) { writer, fact in
            writer.writeArray(fact.parameters) { $0.writeParameter($1) }
            writer.writeFlags(fact.isGeneric, fact.isThrowing, fact.isAsync, fact.isMutating)
            writer.writeByte(fact.access.code)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
        writeArray(declaration.properties) { $0.writeProperty($1) }
        writeArray(declaration.configCalls) { writer, fact in
            writer.writeOptionalString(fact.propertyName)
            writer.writeFlags(fact.isStaticProperty)
            writer.writeTypeReference(fact.type)
            writer.writeArray(fact.dependencies) { $0.writeTypeReference($1) }
            writer.writeArray(fact.dependencyPositions) { $0.writePosition($1) }
            writer.writeString(fact.qualifier)
            writer.writeByte(fact.scope.code)
            writer.writeStrings(fact.conditions)
            writer.writePosition(fact.position)
        }
        writeArray(declaration.injectCalls) { writer, fact in
            writer.writeTypeReference(fact.type)
            writer.writeOptionalString(fact.qualifier)
            writer.writeOptionalString(fact.qualifierBy)
            writer.writeFlags(fact.hasPayload, fact.isEager)
            writer.writeOptionalString(fact.insideConfigProperty)
            writer.writePosition(fact.position)
            writer.writeStrings(fact.conditions)
        }
        writeArray(declaration.injectPropertyCalls) { writer, fact in
            writer.writeString(fact.path)
            writer.writePosition(fact.position)
            writer.writeStrings(fact.conditions)
        }
        writeOptionalString(declaration.configPropertyTarget)
        writeOptionalPosition(declaration.configPropertyTargetPosition)
    }

    private mutating func writeParameter(_ fact: ParameterFact) {
        writeOptionalString(fact.label)
        writeString(fact.internalName)
        writeTypeReference(fact.type)
        writeOptionalString(fact.qualifierByComment)
        writeOptionalPosition(fact.commentPosition)
        writeFlags(fact.hasDefaultValue, fact.isInoutOrVariadic)
        writePosition(fact.position)
    }

    private mutating func writeProperty(_ fact: PropertyFact) {
        writeString(fact.name)
        writeFlags(fact.type != nil, fact.isStatic, fact.isLazy, fact.isComputed, fact.hasInitialValue, fact.isLet)
        if let type = fact.type { writeTypeReference(type) }
        writeArray(fact.wrappers) { writer, wrapper in
            writer.writeByte(wrapper.kind.code)
            writer.writeOptionalString(wrapper.qualifier)
            writer.writeOptionalString(wrapper.qualifierBy)
            writer.writeOptionalString(wrapper.propertyPath)
            writer.writeFlags(wrapper.isValid)
            writer.writePosition(wrapper.position)
        }
        writeStrings(fact.conditions)
        writePosition(fact.position)
    }

    private mutating func writeTypealias(_ fact: TypealiasFact) {
        writeString(fact.name)
        writeString(fact.target)
        writeFlags(fact.isGeneric)
        writeStrings(fact.scope)
        writeStrings(fact.conditions)
        writePosition(fact.position)
    }

    private mutating func writeTypeReference(_ reference: TypeReference) {
        writeString(reference.written)
        writeOptionalString(reference.name == reference.written ? nil : reference.name)
        writeFlags(reference.isArray, reference.isOptional, reference.isUnsupported)
    }

    private mutating func writeArray<Element>(_ elements: [Element], _ write: (inout ByteWriter, Element) -> Void) {
        writeVarint(elements.count)
        for element in elements { write(&self, element) }
    }

    /// A string list (conditions, scopes).
    private mutating func writeStrings(_ strings: [String]) {
        writeVarint(strings.count)
        for string in strings { writeString(string) }
    }

    private mutating func writePosition(_ position: SourcePosition) {
        writeVarint(UInt64(clamping: position.line))
        writeVarint(UInt64(clamping: position.column))
    }

    private mutating func writeOptionalPosition(_ position: SourcePosition?) {
        guard let position else { return writeByte(0) }
        writeByte(1)
        writePosition(position)
    }

    mutating func writeOptionalString(_ string: String?) {
        guard let string else { return writeVarint(0) }
        writeVarint(string.utf8.count + 1)
        bytes.append(contentsOf: string.utf8)
    }

    /// Up to eight booleans in one byte, the first in the lowest bit.
    mutating func writeFlags(_ flags: Bool...) {
        var byte: UInt8 = 0
        for (index, flag) in flags.enumerated() where flag { byte |= 1 << index }
        writeByte(byte)
    }
}

// Enum codes: fixed by the cache format version. `byCode[code]` is the case; the switches make a new case a
// compile error here rather than a silently wrong code.
extension DeclarationKind {
    static let byCode: [DeclarationKind] = [.class, .struct, .enum, .actor, .protocol, .extension]
    var code: UInt8 {
        switch self {
        case .class: 0
        case .struct: 1
        case .enum: 2
        case .actor: 3
        case .protocol: 4
        case .extension: 5
        }
    }
}

extension AccessLevel {
    static let byCode: [AccessLevel] = [.private, .fileprivate, .internal, .package, .public, .open]
    var code: UInt8 {
        switch self {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public: 4
        case .open: 5
        }
    }
}

extension ScopeName {
    static let byCode: [ScopeName] = [.always, .singleton, .prototype, .weak]
    var code: UInt8 {
        switch self {
        case .always: 0
        case .singleton: 1
        case .prototype: 2
        case .weak: 3
        }
    }
}

extension PropertyWrapperKind {
    static let byCode: [PropertyWrapperKind] = [.dependency, .dependencyArray, .propertyValue]
    var code: UInt8 {
        switch self {
        case .dependency: 0
        case .dependencyArray: 1
        case .propertyValue: 2
        }
    }
}

extension Severity {
    static let byCode: [Severity] = [.error, .warning, .note]
    var code: UInt8 {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}
