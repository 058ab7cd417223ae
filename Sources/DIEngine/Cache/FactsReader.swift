/// Reads what `FactsCodec.encode` wrote. Every read is bounds-checked and every count is checked against
/// the bytes left before anything is allocated, so a damaged blob throws `BinaryCodingError`, never traps.
enum FactsReader {
    /// The whole facts of a blob; trailing bytes or a detail that does not match the interface throw.
    static func read(_ blob: ArraySlice<UInt8>) throws(BinaryCodingError) -> FileFacts {
        try blob.reading { reader throws(BinaryCodingError) in
            var facts = try reader.readInterfaceSection()
            for index in facts.declarations.indices { try reader.readDetail(into: &facts.declarations[index]) }
            guard reader.isAtEnd else { throw .invalid("trailing bytes") }
            return facts
        }
    }

    /// `FileFacts.mayRegisterOrDepend` of the encoded facts, from their first byte.
    static func mayRegisterOrDepend(_ blob: ArraySlice<UInt8>) throws(BinaryCodingError) -> Bool {
        try blob.reading { reader throws(BinaryCodingError) in
            _ = try reader.readCount()
            return try reader.readByte() & 8 != 0
        }
    }

    /// The interface only: every declaration's detail (initialisers, inject methods, properties, calls,
    /// ConfigProperty target) is left empty, and its bytes are skipped without being looked at.
    static func readInterface(_ blob: ArraySlice<UInt8>) throws(BinaryCodingError) -> FileFacts {
        try blob.reading { reader throws(BinaryCodingError) in try reader.readInterfaceSection() }
    }
}

extension ByteReader {
    /// The interface length, then the interface, which must end exactly where announced.
    fileprivate mutating func readInterfaceSection() throws(BinaryCodingError) -> FileFacts {
        let length = try readCount()
        let end = offset + length
        var facts = FileFacts()
        let flags = try readByte()
        facts.skipped = flags & 1 != 0
        facts.generated = flags & 2 != 0
        facts.invalidUTF8 = flags & 4 != 0
        facts.imports = try readArray { reader throws(BinaryCodingError) in
            ImportFact(
                module: try reader.readString(), testable: try reader.readByte() & 1 != 0,
                conditions: try reader.readStrings(), position: try reader.readPosition())
        }
        facts.typealiases = try readArray { reader throws(BinaryCodingError) in try reader.readTypealias() }
        facts.diagnostics = try readArray { reader throws(BinaryCodingError) in
            ScanDiagnostic(
                try reader.readString(), try reader.readCode(Severity.byCode), try reader.readString(),
                at: try reader.readPosition(),
                notes: try reader.readArray { reader throws(BinaryCodingError) in
                    ScanNote(try reader.readString(), at: try reader.readPosition())
                })
        }
        facts.declarations = try readArray { reader throws(BinaryCodingError) in try reader.readHeader() }
        guard offset == end else { throw .invalid("interface length") }
        return facts
    }

    /// Every field is read before the fact is made: a fact whose fields were set between throwing reads
    /// was copied and destroyed whole (it is large) once more per declaration.
    private mutating func readHeader() throws(BinaryCodingError) -> DeclarationFact {
        let kind = try readCode(DeclarationKind.byCode)
        let name = try readString()
        let scope = try readStrings()
        let position = try readPosition()
        let access = try readCode(AccessLevel.byCode)
        let insidePrivateType = try readOptionalString()
        let flags = try readByte()
        let inherited = try readArray { reader throws(BinaryCodingError) in
            let written = try reader.readString()
            return InheritedName(
                written: written, name: try reader.readOptionalString() ?? written, position: try reader.readPosition())
        }
        let conditions = try readStrings()
        let typealiases = try readArray { reader throws(BinaryCodingError) in try reader.readTypealias() }
        let scopeValues = try readArray { reader throws(BinaryCodingError) in
            let code = try reader.readByte()
            let value: ScopeName? = code == 0 ? nil : try ScopeName.byCode.element(at: code - 1)
            return ScopeValueFact(
                value: value, text: try reader.readString(), conditions: try reader.readStrings(),
                position: try reader.readPosition())
        }
        let qualifierValues = try readArray { reader throws(BinaryCodingError) in
            QualifierValueFact(
                value: try reader.readString(), isValid: try reader.readByte() & 1 != 0,
                conditions: try reader.readStrings(), position: try reader.readPosition())
        }
        // Most declarations have none of these three: their fact gets no members box.
        var members: DeclarationMembers?
        if !typealiases.isEmpty || !scopeValues.isEmpty || !qualifierValues.isEmpty {
            let box = DeclarationMembers()
            box.typealiases = typealiases
            box.scopeValues = scopeValues
            box.qualifierValues = qualifierValues
            members = box
        }
        // The memberwise initialiser: through the one with defaults the fact was copied and destroyed once
        // more on its way out, a fifth of decoding an interface.
        return DeclarationFact(
            name: name, position: position, insidePrivateType: insidePrivateType, scope: scope, inherited: inherited,
            conditions: conditions, members: members, kind: kind, access: access, isGeneric: flags & 1 != 0,
            hasWhereClause: flags & 2 != 0, hasAssociatedType: flags & 4 != 0, isFinal: flags & 8 != 0,
            hasScanErrors: flags & 16 != 0)
    }

    fileprivate mutating func readDetail(into declaration: inout DeclarationFact) throws(BinaryCodingError) {
        declaration.initializers = try readArray { reader throws(BinaryCodingError) in
            let parameters = try reader.readArray { reader throws(BinaryCodingError) in try reader.readParameter() }
            let flags = try reader.readByte()
            return InitializerFact(
                parameters: parameters, isFailable: flags & 1 != 0, isGeneric: flags & 2 != 0,
                isThrowing: flags & 4 != 0, isAsync: flags & 8 != 0, isRequired: flags & 16 != 0,
                isConvenience: flags & 32 != 0, access: try reader.readCode(AccessLevel.byCode),
                conditions: try reader.readStrings(), position: try reader.readPosition())
        }
        declaration.injectMethods = try readArray { reader throws(BinaryCodingError) in
            let parameters = try reader.readArray { reader throws(BinaryCodingError) in try reader.readParameter() }
            let flags = try reader.readByte()
            return InjectMethodFact(
                parameters: parameters, isGeneric: flags & 1 != 0, isThrowing: flags & 2 != 0,
                isAsync: flags & 4 != 0, isMutating: flags & 8 != 0, access: try reader.readCode(AccessLevel.byCode),
                conditions: try reader.readStrings(), position: try reader.readPosition())
        }
        declaration.properties = try readArray { reader throws(BinaryCodingError) in try reader.readProperty() }
        declaration.configCalls = try readArray { reader throws(BinaryCodingError) in
            ConfigCallFact(
                propertyName: try reader.readOptionalString(), isStaticProperty: try reader.readByte() & 1 != 0,
                type: try reader.readTypeReference(),
                dependencies: try reader.readArray { reader throws(BinaryCodingError) in
                    try reader.readTypeReference()
                },
                dependencyPositions: try reader.readArray { reader throws(BinaryCodingError) in
                    try reader.readPosition()
                },
                qualifier: try reader.readString(), scope: try reader.readCode(ScopeName.byCode),
                conditions: try reader.readStrings(), position: try reader.readPosition())
        }
        declaration.injectCalls = try readArray { reader throws(BinaryCodingError) in
            let type = try reader.readTypeReference()
            let qualifier = try reader.readOptionalString()
            let qualifierBy = try reader.readOptionalString()
            let flags = try reader.readByte()
            return InjectCallFact(
                type: type, qualifier: qualifier, qualifierBy: qualifierBy, hasPayload: flags & 1 != 0,
                isEager: flags & 2 != 0, insideConfigProperty: try reader.readOptionalString(),
                position: try reader.readPosition(), conditions: try reader.readStrings())
        }
        declaration.injectPropertyCalls = try readArray { reader throws(BinaryCodingError) in
            InjectPropertyCallFact(
                path: try reader.readString(), position: try reader.readPosition(),
                conditions: try reader.readStrings())
        }
        declaration.configPropertyTarget = try readOptionalString()
        declaration.configPropertyTargetPosition = try readOptionalPosition()
    }

    private mutating func readParameter() throws(BinaryCodingError) -> ParameterFact {
        let label = try readOptionalString()
        let internalName = try readString()
        let type = try readTypeReference()
        let comment = try readOptionalString()
        let commentPosition = try readOptionalPosition()
        let flags = try readByte()
        return ParameterFact(
            label: label, internalName: internalName, type: type, qualifierByComment: comment,
            commentPosition: commentPosition, hasDefaultValue: flags & 1 != 0, isInoutOrVariadic: flags & 2 != 0,
            position: try readPosition())
    }

    private mutating func readProperty() throws(BinaryCodingError) -> PropertyFact {
        let name = try readString()
        let flags = try readByte()
        let type = flags & 1 != 0 ? try readTypeReference() : nil
        return PropertyFact(
            name: name, type: type, isStatic: flags & 2 != 0, isLazy: flags & 4 != 0, isComputed: flags & 8 != 0,
            hasInitialValue: flags & 16 != 0, isLet: flags & 32 != 0,
            wrappers: try readArray { reader throws(BinaryCodingError) in
                PropertyWrapperFact(
                    kind: try reader.readCode(PropertyWrapperKind.byCode), qualifier: try reader.readOptionalString(),
                    qualifierBy: try reader.readOptionalString(), propertyPath: try reader.readOptionalString(),
                    isValid: try reader.readByte() & 1 != 0, position: try reader.readPosition())
            },
            conditions: try readStrings(), position: try readPosition())
    }

    private mutating func readTypealias() throws(BinaryCodingError) -> TypealiasFact {
        TypealiasFact(
            name: try readString(), target: try readString(), isGeneric: try readByte() & 1 != 0,
            scope: try readStrings(), conditions: try readStrings(), position: try readPosition())
    }

    private mutating func readTypeReference() throws(BinaryCodingError) -> TypeReference {
        let written = try readString()
        let name = try readOptionalString() ?? written
        let flags = try readByte()
        return TypeReference(
            written: written, name: name, isArray: flags & 1 != 0, isOptional: flags & 2 != 0,
            isUnsupported: flags & 4 != 0)
    }

    /// Every element takes at least one byte, so a count larger than the bytes left is damage.
    private mutating func readArray<Element>(
        _ read: (inout ByteReader) throws(BinaryCodingError) -> Element
    ) throws(BinaryCodingError) -> [Element] {
        let count = try readCount()
        // Most arrays of a fact are empty, and reserving room for no element still made a buffer the slow way.
        guard count > 0 else { return [] }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    mutating func readStrings() throws(BinaryCodingError) -> [String] {
        try readArray { reader throws(BinaryCodingError) in try reader.readString() }
    }

    private mutating func readPosition() throws(BinaryCodingError) -> SourcePosition {
        SourcePosition(line: try readInt(), column: try readInt())
    }

    private mutating func readOptionalPosition() throws(BinaryCodingError) -> SourcePosition? {
        switch try readByte() {
        case 0: nil
        case 1: try readPosition()
        default: throw .invalid("optional tag")
        }
    }

    mutating func readInt() throws(BinaryCodingError) -> Int {
        guard let value = Int(exactly: try readVarint()) else { throw .invalid("integer out of range") }
        return value
    }

    mutating func readOptionalString() throws(BinaryCodingError) -> String? {
        let lengthPlusOne = try readVarint()
        guard lengthPlusOne > 0 else { return nil }
        guard lengthPlusOne - 1 <= UInt64(remaining) else { throw .truncated }
        let bytes = try readRawBytes(count: Int(lengthPlusOne - 1))
        return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    mutating func readCode<Value>(_ values: [Value]) throws(BinaryCodingError) -> Value {
        try values.element(at: try readByte())
    }
}

extension ArraySlice<UInt8> {
    /// Runs `body` on a reader over these bytes.
    func reading<Value>(
        _ body: (inout ByteReader) throws(BinaryCodingError) -> Value
    ) throws(BinaryCodingError) -> Value {
        try withUnsafeBytes { buffer in
            Result { () throws(BinaryCodingError) in
                var reader = ByteReader(buffer)
                return try body(&reader)
            }
        }.get()
    }
}

extension Array {
    /// The element a one-byte enum code stands for.
    fileprivate func element(at code: UInt8) throws(BinaryCodingError) -> Element {
        guard Int(code) < count else { throw .invalid("enum code \(code)") }
        return self[Int(code)]
    }
}
