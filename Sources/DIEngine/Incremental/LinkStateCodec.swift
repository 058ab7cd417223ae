// The payload of a `LinkStateFile`, field by field (no key names, no reflection), like the cache's facts
// (`FactsCodec`). Optional strings are a presence byte then the string; enums are their raw names, checked
// when read; every count is bounded by the bytes left (`ByteReader.readCount`).

extension ByteWriter {
    mutating func writeLinkState(_ state: LinkState) {
        let digests = ByteOrder.sorted(Array(state.factsDigests), by: \.key)
        writeVarint(digests.count)
        for (path, digest) in digests {
            writeString(path)
            writeFixed64(digest)
        }
        writeFixed64(state.views.interfaces)
        writeVarint(state.views.views.count)
        for (name, view) in state.views.views.sorted(by: { $0.key < $1.key }) {
            writeFixed64(name)
            writeFixed64(view)
        }
        writeVarint(state.views.dependencies.count)
        for (name, dependencies) in state.views.dependencies.sorted(by: { $0.key < $1.key }) {
            writeFixed64(name)
            writeString(dependencies.name)
            writeDigests(dependencies.names)
            writeDigests(dependencies.files)
        }
        writeVarint(state.views.files.count)
        for (path, digest) in state.views.files.sorted(by: { $0.key < $1.key }) {
            writeFixed64(path)
            writeFixed64(digest)
        }
        writeVarint(state.views.aliasExtensions.count)
        for aliasExtension in state.views.aliasExtensions {
            writeFixed64(aliasExtension.file)
            writeVarint(aliasExtension.index)
            writeFixed64(aliasExtension.name)
        }
        let typeUnits = ByteOrder.sorted(Array(state.typeUnits.values), by: \.typeName)
        writeVarint(typeUnits.count)
        for unit in typeUnits {
            // A unit reused as read from the last state is written as it was read: the same bytes.
            if let encoded = state.encoded.typeUnits[unit.typeName] {
                bytes.append(contentsOf: encoded)
                continue
            }
            writeString(unit.typeName)
            writeStringArray(unit.files)
            writeDigests(unit.reads)
            writeVarint(unit.pending.count)
            for pending in unit.pending { writePending(pending) }
            writeStringArray(unit.configurationFiles)
            writeDiagnostics(unit.diagnostics)
        }
        let fileUnits = ByteOrder.sorted(Array(state.fileUnits.values), by: \.path)
        writeVarint(fileUnits.count)
        for unit in fileUnits {
            if let encoded = state.encoded.fileUnits[unit.path] {
                bytes.append(contentsOf: encoded)
                continue
            }
            writeString(unit.path)
            writeDigests(unit.reads)
            writeVarint(unit.members.dependencies.count)
            for owned in unit.members.dependencies {
                writeString(owned.owner)
                writeDependency(owned.dependency)
            }
            writePropertyUses(unit.members.propertyUses)
            writeDiagnostics(unit.diagnostics)
        }
        writeVarint(state.types.count)
        for type in ByteOrder.sorted(Array(state.types.values), by: \.name) {
            writeString(type.name)
            writeOptional(type.kind?.rawValue)
            writeLocation(type.location)
            writeStringArray(type.supertypes)
            writeStringArray(type.superclasses)
        }
    }

    mutating func writeStringArray(_ strings: [String]) {
        writeVarint(strings.count)
        for string in strings { writeString(string) }
    }

    private mutating func writeDigests(_ digests: [UInt64]) {
        writeVarint(digests.count)
        for digest in digests { writeFixed64(digest) }
    }

    private mutating func writeDiagnostics(_ diagnostics: [Diagnostic]) {
        writeVarint(diagnostics.count)
        for diagnostic in diagnostics { writeDiagnostic(diagnostic) }
    }

    private mutating func writeBool(_ value: Bool) { writeByte(value ? 1 : 0) }

    private mutating func writeOptional(_ string: String?) {
        writeBool(string != nil)
        if let string { writeString(string) }
    }

    private mutating func writeID(_ id: RegistrationID) {
        writeString(id.typeName)
        writeString(id.qualifier)
    }

    private mutating func writePending(_ pending: PendingRegistration) {
        writeRegistration(pending.registration)
        writeStringArray(pending.conditions)
        writeBool(pending.ownsTypeDependencies)
        writePropertyUses(pending.propertyUses)
    }

    private mutating func writeRegistration(_ registration: Registration) {
        writeID(registration.id)
        writeString(registration.kind.rawValue)
        writeString(registration.scope.rawValue)
        writeLocation(registration.location)
        writeBool(registration.isValueType)
        writeArguments(registration.constructorArguments)
        writeArguments(registration.injectorArguments)
        writeOptional(registration.payloadType)
        writeOptional(registration.configurationType)
        writeOptional(registration.configPropertyName)
        writeOptional(registration.configPropertyTarget)
        writeVarint(registration.configPropertyFields.count)
        for field in registration.configPropertyFields {
            writeString(field.name)
            writeString(field.typeName)
            writeBool(field.isOptional)
        }
        writeStringArray(registration.links)
        writeVarint(registration.dependencies.count)
        for dependency in registration.dependencies { writeDependency(dependency) }
        writeBool(registration.dependenciesUnknown)
        writeBool(registration.importedIsFactory)
        writeBool(registration.importedIsLazy)
    }

    private mutating func writeArguments(_ arguments: [DependencyArgument]) {
        writeVarint(arguments.count)
        for argument in arguments {
            writeOptional(argument.label)
            writeDependency(argument.dependency)
        }
    }

    private mutating func writeDependency(_ dependency: Dependency) {
        writeString(dependency.typeName)
        writeBool(dependency.isArray)
        writeBool(dependency.isPayload)
        writeString(dependency.qualifier)
        writeOptional(dependency.qualifierBy)
        writeString(dependency.effectiveQualifier)
        writeOptional(dependency.qualifierFromLabel)
        writeBool(dependency.isEager)
        writeBool(dependency.owner != nil)
        if let owner = dependency.owner { writeID(owner) }
        writeString(dependency.ownerTypeName)
        writeLocation(dependency.location)
        writeVarint(dependency.candidates.count)
        for candidate in dependency.candidates { writeID(candidate) }
        writeBool(dependency.isExactMatch)
        writeBool(dependency.hasImportedCandidate)
    }

    private mutating func writePropertyUses(_ uses: [PropertyUse]) {
        writeVarint(uses.count)
        for use in uses {
            writeString(use.path)
            switch use.requirement {
            case .scalar:
                writeByte(0)
            case .field(let name, let owner, let typeName, let isOptional):
                writeByte(1)
                writeString(name)
                writeString(owner)
                writeString(typeName)
                writeBool(isOptional)
            }
            writeLocation(use.location)
        }
    }
}

extension ByteReader {
    /// `source` is the buffer the reader reads: the units keep their bytes from it (`LinkState.encoded`).
    mutating func readLinkState(source: [UInt8]) throws(BinaryCodingError) -> LinkState {
        var encoded = EncodedUnits()
        var digests: [String: UInt64] = [:]
        for _ in 0..<(try readCount(minimumElementSize: 9)) { digests[try readString()] = try readFixed64() }
        let interfaces = try readFixed64()
        var views: [UInt64: UInt64] = [:]
        for _ in 0..<(try readCount(minimumElementSize: 16)) { views[try readFixed64()] = try readFixed64() }
        var nameViews = NameViews(views: views, interfaces: interfaces)
        for _ in 0..<(try readCount(minimumElementSize: 11)) {
            let name = try readFixed64()
            nameViews.dependencies[name] = ViewDependencies(
                name: try readString(), names: try readDigests(), files: try readDigests())
        }
        for _ in 0..<(try readCount(minimumElementSize: 16)) { nameViews.files[try readFixed64()] = try readFixed64() }
        for _ in 0..<(try readCount(minimumElementSize: 17)) {
            nameViews.aliasExtensions.append(
                AliasExtension(
                    file: try readFixed64(), index: Int(truncatingIfNeeded: try readVarint()), name: try readFixed64()))
        }
        var typeUnits: [String: TypeLinkUnit] = [:]
        for _ in 0..<(try readCount()) {
            let start = offset
            let name = try readString()
            let files = try readStringArray()
            let reads = try readDigests()
            var pending: [PendingRegistration] = []
            for _ in 0..<(try readCount()) { pending.append(try readPending()) }
            typeUnits[name] = TypeLinkUnit(
                typeName: name, files: files, reads: reads, pending: pending,
                configurationFiles: try readStringArray(), diagnostics: try readDiagnostics())
            encoded.typeUnits[name] = source[start..<offset]
        }
        var fileUnits: [String: FileLinkUnit] = [:]
        for _ in 0..<(try readCount()) {
            let start = offset
            let path = try readString()
            let reads = try readDigests()
            var members = MemberDependencies.OfFile()
            for _ in 0..<(try readCount()) {
                let owner = try readString()
                members.dependencies.append(.init(owner: owner, dependency: try readDependency()))
            }
            members.propertyUses = try readPropertyUses()
            fileUnits[path] = FileLinkUnit(
                path: path, reads: reads, members: members, diagnostics: try readDiagnostics())
            encoded.fileUnits[path] = source[start..<offset]
        }
        var types: [String: DeclaredType] = [:]
        for _ in 0..<(try readCount()) {
            let name = try readString()
            var kind: DeclarationKind?
            if let rawKind = try readOptional() {
                guard let known = DeclarationKind(rawValue: rawKind) else { throw .invalid("declaration kind") }
                kind = known
            }
            types[name] = DeclaredType(
                name: name, kind: kind, location: try readRequiredLocation(), supertypes: try readStringArray(),
                superclasses: try readStringArray())
        }
        return LinkState(
            factsDigests: digests, views: nameViews, typeUnits: typeUnits,
            fileUnits: fileUnits, types: types, encoded: encoded)
    }

    private mutating func readStringArray() throws(BinaryCodingError) -> [String] {
        var strings: [String] = []
        for _ in 0..<(try readCount()) { strings.append(try readString()) }
        return strings
    }

    private mutating func readDigests() throws(BinaryCodingError) -> [UInt64] {
        var digests: [UInt64] = []
        for _ in 0..<(try readCount(minimumElementSize: 8)) { digests.append(try readFixed64()) }
        return digests
    }

    private mutating func readDiagnostics() throws(BinaryCodingError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try readCount()) { diagnostics.append(try readDiagnostic()) }
        return diagnostics
    }

    private mutating func readBool() throws(BinaryCodingError) -> Bool {
        switch try readByte() {
        case 0: false
        case 1: true
        default: throw .invalid("boolean")
        }
    }

    private mutating func readOptional() throws(BinaryCodingError) -> String? {
        try readBool() ? try readString() : nil
    }

    private mutating func readID() throws(BinaryCodingError) -> RegistrationID {
        RegistrationID(typeName: try readString(), qualifier: try readString())
    }

    private mutating func readRaw<Value: RawRepresentable<String>>(_: Value.Type) throws(BinaryCodingError) -> Value {
        guard let value = Value(rawValue: try readString()) else { throw .invalid("enum name") }
        return value
    }

    private mutating func readRequiredLocation() throws(BinaryCodingError) -> SourceLocation {
        guard let location = try readLocation() else { throw .invalid("missing location") }
        return location
    }

    private mutating func readPending() throws(BinaryCodingError) -> PendingRegistration {
        PendingRegistration(
            registration: try readRegistration(), conditions: try readStringArray(),
            ownsTypeDependencies: try readBool(), propertyUses: try readPropertyUses())
    }

    private mutating func readRegistration() throws(BinaryCodingError) -> Registration {
        var registration = Registration(
            id: try readID(), kind: try readRaw(RegistrationKind.self), scope: try readRaw(ScopeName.self),
            location: try readLocation(), isValueType: try readBool(), constructorArguments: try readArguments(),
            injectorArguments: try readArguments(), payloadType: try readOptional(),
            configurationType: try readOptional(), configPropertyName: try readOptional(),
            configPropertyTarget: try readOptional())
        for _ in 0..<(try readCount()) {
            registration.configPropertyFields.append(
                ConfigPropertyField(name: try readString(), typeName: try readString(), isOptional: try readBool()))
        }
        registration.links = try readStringArray()
        for _ in 0..<(try readCount()) { registration.dependencies.append(try readDependency()) }
        registration.dependenciesUnknown = try readBool()
        registration.importedIsFactory = try readBool()
        registration.importedIsLazy = try readBool()
        return registration
    }

    private mutating func readArguments() throws(BinaryCodingError) -> [DependencyArgument] {
        var arguments: [DependencyArgument] = []
        for _ in 0..<(try readCount()) {
            arguments.append(DependencyArgument(label: try readOptional(), dependency: try readDependency()))
        }
        return arguments
    }

    private mutating func readDependency() throws(BinaryCodingError) -> Dependency {
        let typeName = try readString()
        let isArray = try readBool()
        let isPayload = try readBool()
        let qualifier = try readString()
        let qualifierBy = try readOptional()
        let effectiveQualifier = try readString()
        let qualifierFromLabel = try readOptional()
        let isEager = try readBool()
        let owner = try readBool() ? try readID() : nil
        let ownerTypeName = try readString()
        let location = try readRequiredLocation()
        var candidates: [RegistrationID] = []
        for _ in 0..<(try readCount()) { candidates.append(try readID()) }
        return Dependency(
            typeName: typeName, isArray: isArray, isPayload: isPayload, qualifier: qualifier, qualifierBy: qualifierBy,
            effectiveQualifier: effectiveQualifier, qualifierFromLabel: qualifierFromLabel, isEager: isEager,
            owner: owner, ownerTypeName: ownerTypeName, location: location, candidates: candidates,
            isExactMatch: try readBool(), hasImportedCandidate: try readBool())
    }

    private mutating func readPropertyUses() throws(BinaryCodingError) -> [PropertyUse] {
        var uses: [PropertyUse] = []
        for _ in 0..<(try readCount()) {
            let path = try readString()
            let requirement: PropertyUse.Requirement
            switch try readByte() {
            case 0: requirement = .scalar
            case 1:
                requirement = .field(
                    name: try readString(), owner: try readString(), typeName: try readString(),
                    isOptional: try readBool())
            default: throw .invalid("property requirement")
            }
            uses.append(PropertyUse(path: path, requirement: requirement, location: try readRequiredLocation()))
        }
        return uses
    }
}
