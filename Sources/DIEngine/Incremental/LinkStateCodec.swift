// The payload of a `LinkStateFile`, field by field (no key names, no reflection), like the cache's facts
// (`FactsCodec`). Optional strings are a presence byte then the string; enums are their raw names, checked
// when read; every count is bounded by the bytes left (`ByteReader.readCount`).

extension ByteWriter {
    /// A record's payload: table by table, the entries that are new or differ (key, value) and then the keys
    /// that went away, each list in the order of its keys. A unit with the bytes it was read from is written
    /// as these bytes.
    mutating func writeLinkStateChanges(_ changes: LinkStateChanges) {
        let byString = ByteOrder.sortedIndices
        let byDigest = { (keys: [UInt64]) in keys.indices.sorted { keys[$0] < keys[$1] } }
        writeTable(
            changes.factsDigests, order: byString, writeKey: { $0.writeString($1) }, writeValue: { $0.writeFixed64($1) }
        )
        writeFixed64(changes.interfaces)
        writeTable(
            changes.views, order: byDigest, writeKey: { $0.writeFixed64($1) }, writeValue: { $0.writeFixed64($1) })
        writeTable(
            changes.dependencies, order: byDigest, writeKey: { $0.writeFixed64($1) },
            writeValue: { writer, dependencies in
                writer.writeString(dependencies.name)
                writer.writeDigests(dependencies.names)
                writer.writeDigests(dependencies.files)
            })
        writeTable(
            changes.files, order: byDigest, writeKey: { $0.writeFixed64($1) }, writeValue: { $0.writeFixed64($1) })
        writeVarint(changes.aliasExtensions.count)
        for aliasExtension in changes.aliasExtensions {
            writeFixed64(aliasExtension.file)
            writeVarint(aliasExtension.index)
            writeFixed64(aliasExtension.name)
        }
        writeTable(
            changes.typeUnits, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { writer, read in
                guard let bytes = read.bytes else { return writer.writeTypeUnit(read.unit) }
                writer.bytes.append(contentsOf: bytes)
            })
        writeTable(
            changes.fileUnits, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { writer, read in
                guard let bytes = read.bytes else { return writer.writeFileUnit(read.unit) }
                writer.bytes.append(contentsOf: bytes)
            })
        writeTable(
            changes.types, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { writer, type in
                writer.writeOptional(type.kind?.rawValue)
                writer.writeLocation(type.location)
                writer.writeStringArray(type.supertypes)
                writer.writeStringArray(type.superclasses)
            })
    }

    /// `changes`' upserts (key, value) then its removals, each in the order `order` gives (indices of the
    /// keys, sorted).
    private mutating func writeTable<Key, Value>(
        _ changes: TableChanges<Key, Value>, order: ([Key]) -> [Int], writeKey: (inout ByteWriter, Key) -> Void,
        writeValue: (inout ByteWriter, Value) -> Void
    ) {
        writeVarint(changes.upserts.count)
        for index in order(changes.upserts.map(\.key)) {
            writeKey(&self, changes.upserts[index].key)
            writeValue(&self, changes.upserts[index].value)
        }
        writeVarint(changes.removals.count)
        for index in order(changes.removals) { writeKey(&self, changes.removals[index]) }
    }

    fileprivate mutating func writeTypeUnit(_ unit: TypeLinkUnit) {
        writeString(unit.typeName)
        writeStringArray(unit.files)
        writeDigests(unit.reads)
        writeVarint(unit.pending.count)
        for pending in unit.pending { writePending(pending) }
        writeStringArray(unit.configurationFiles)
        writeDiagnostics(unit.diagnostics)
    }

    fileprivate mutating func writeFileUnit(_ unit: FileLinkUnit) {
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

    mutating func writeStringArray(_ strings: [String]) {
        writeVarint(strings.count)
        for string in strings { writeString(string) }
    }

    fileprivate mutating func writeDigests(_ digests: [UInt64]) {
        writeVarint(digests.count)
        for digest in digests { writeFixed64(digest) }
    }

    private mutating func writeDiagnostics(_ diagnostics: [Diagnostic]) {
        writeVarint(diagnostics.count)
        for diagnostic in diagnostics { writeDiagnostic(diagnostic) }
    }

    private mutating func writeBool(_ value: Bool) { writeByte(value ? 1 : 0) }

    fileprivate mutating func writeOptional(_ string: String?) {
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
    /// Reads the record `writeLinkStateChanges` wrote into `target`, table by table. `source` is the buffer
    /// the reader reads (the whole file, `offset` counting from its start): the units keep their bytes from it.
    mutating func readLinkStateRecord<Target: LinkStateRecordTarget>(
        into target: inout Target, source: [UInt8]
    ) throws(BinaryCodingError) {
        try readTable(into: &target.factsDigests, minimumEntrySize: 9) { reader, _ throws(BinaryCodingError) in
            try reader.readFixed64()
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readString()
        }
        target.interfaces = try readFixed64()
        try readTable(into: &target.views, minimumEntrySize: 16) { reader, _ throws(BinaryCodingError) in
            try reader.readFixed64()
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readFixed64()
        }
        try readTable(into: &target.dependencies, minimumEntrySize: 11) { reader, _ throws(BinaryCodingError) in
            ViewDependencies(
                name: try reader.readString(), names: try reader.readDigests(), files: try reader.readDigests())
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readFixed64()
        }
        try readTable(into: &target.files, minimumEntrySize: 16) { reader, _ throws(BinaryCodingError) in
            try reader.readFixed64()
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readFixed64()
        }
        var aliasExtensions: [AliasExtension] = []
        for _ in 0..<(try readCount(minimumElementSize: 17)) {
            aliasExtensions.append(
                AliasExtension(
                    file: try readFixed64(), index: Int(truncatingIfNeeded: try readVarint()), name: try readFixed64()))
        }
        target.aliasExtensions = aliasExtensions
        try readUnits(into: &target.typeUnits, source: source, key: \.typeName) { reader throws(BinaryCodingError) in
            try reader.readTypeUnit()
        }
        try readUnits(into: &target.fileUnits, source: source, key: \.path) { reader throws(BinaryCodingError) in
            try reader.readFileUnit()
        }
        try readTable(into: &target.types, minimumEntrySize: 2) { reader, name throws(BinaryCodingError) in
            var kind: DeclarationKind?
            if let rawKind = try reader.readOptional() {
                guard let known = DeclarationKind(rawValue: rawKind) else { throw .invalid("declaration kind") }
                kind = known
            }
            return DeclaredType(
                name: name, kind: kind, location: try reader.readRequiredLocation(),
                supertypes: try reader.readStringArray(), superclasses: try reader.readStringArray())
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readString()
        }
    }

    /// Reads what `ByteWriter.writeUnits` wrote into `table`: each unit with its bytes in `source`.
    private mutating func readUnits<Unit, Table: RecordTable<String, (unit: Unit, bytes: ArraySlice<UInt8>?)>>(
        into table: inout Table, source: [UInt8], key: (Unit) -> String,
        read: (inout ByteReader) throws(BinaryCodingError) -> Unit
    ) throws(BinaryCodingError) {
        try readTable(into: &table, minimumEntrySize: 2) { reader, name throws(BinaryCodingError) in
            let start = reader.offset
            let unit = try read(&reader)
            guard key(unit) == name else { throw .invalid("unit key") }
            return (unit: unit, bytes: Optional(source[start..<reader.offset]))
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readString()
        }
    }

    /// Reads what `ByteWriter.writeTable` wrote into `table`.
    private mutating func readTable<Key, Value, Table: RecordTable<Key, Value>>(
        into table: inout Table, minimumEntrySize: Int,
        readValue: (inout ByteReader, Key) throws(BinaryCodingError) -> Value,
        readKey: (inout ByteReader) throws(BinaryCodingError) -> Key
    ) throws(BinaryCodingError) {
        let count = try readCount(minimumElementSize: minimumEntrySize)
        table.reserveCapacity(count)
        for _ in 0..<count {
            let key = try readKey(&self)
            table.upsert(try readValue(&self, key), forKey: key)
        }
        for _ in 0..<(try readCount()) { table.remove(try readKey(&self)) }
    }

    private mutating func readTypeUnit() throws(BinaryCodingError) -> TypeLinkUnit {
        let name = try readString()
        let files = try readStringArray()
        let reads = try readDigests()
        var pending: [PendingRegistration] = []
        for _ in 0..<(try readCount()) { pending.append(try readPending()) }
        return TypeLinkUnit(
            typeName: name, files: files, reads: reads, pending: pending,
            configurationFiles: try readStringArray(), diagnostics: try readDiagnostics())
    }

    private mutating func readFileUnit() throws(BinaryCodingError) -> FileLinkUnit {
        let path = try readString()
        let reads = try readDigests()
        var members = MemberDependencies.OfFile()
        for _ in 0..<(try readCount()) {
            let owner = try readString()
            members.dependencies.append(.init(owner: owner, dependency: try readDependency()))
        }
        members.propertyUses = try readPropertyUses()
        return FileLinkUnit(path: path, reads: reads, members: members, diagnostics: try readDiagnostics())
    }

    fileprivate mutating func readStringArray() throws(BinaryCodingError) -> [String] {
        var strings: [String] = []
        for _ in 0..<(try readCount()) { strings.append(try readString()) }
        return strings
    }

    fileprivate mutating func readDigests() throws(BinaryCodingError) -> [UInt64] {
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

    fileprivate mutating func readOptional() throws(BinaryCodingError) -> String? {
        try readBool() ? try readString() : nil
    }

    private mutating func readID() throws(BinaryCodingError) -> RegistrationID {
        RegistrationID(typeName: try readString(), qualifier: try readString())
    }

    private mutating func readRaw<Value: RawRepresentable<String>>(_: Value.Type) throws(BinaryCodingError) -> Value {
        guard let value = Value(rawValue: try readString()) else { throw .invalid("enum name") }
        return value
    }

    fileprivate mutating func readRequiredLocation() throws(BinaryCodingError) -> SourceLocation {
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

/// One table's entries that a record adds or replaces, and the keys it removes.
struct TableChanges<Key: Hashable, Value> {
    var upserts: [(key: Key, value: Value)] = []
    var removals: [Key] = []

    /// Applies the changes to `table` and leaves none: the entries are moved into it, not copied (a copy
    /// retains every string and list of an entry, and releasing the changes then releases them again).
    mutating func move(into table: inout [Key: Value]) {
        table.reserveCapacity(table.count + upserts.count)
        // From the back: `popLast` moves an entry out. A record's keys are unique (it is written from a
        // table), so the order does not matter.
        while let (key, value) = upserts.popLast() { table[key] = value }
        for key in removals { table[key] = nil }
        removals = []
    }
}

extension TableChanges {
    /// Applies changes to a table of units, moved as `move(into:)` moves them: the units to `units`, their
    /// bytes to `bytes`.
    mutating func move<Unit>(into units: inout [Key: Unit], bytes: inout [Key: ArraySlice<UInt8>])
    where Value == (unit: Unit, bytes: ArraySlice<UInt8>?) {
        units.reserveCapacity(units.count + upserts.count)
        bytes.reserveCapacity(bytes.count + upserts.count)
        while let (key, (unit, encoded)) = upserts.popLast() {
            bytes[key] = encoded
            units[key] = unit
        }
        for key in removals {
            units[key] = nil
            bytes[key] = nil
        }
        removals = []
    }
}

/// What one record of a link state file states (`writeLinkStateChanges`), decoded whole before it is
/// applied: a record that does not decode changes nothing.
struct LinkStateChanges {
    var factsDigests: TableChanges<String, UInt64>
    var interfaces: UInt64
    var views: TableChanges<UInt64, UInt64>
    var dependencies: TableChanges<UInt64, ViewDependencies>
    var files: TableChanges<UInt64, UInt64>
    var aliasExtensions: [AliasExtension]
    /// A unit without bytes has none kept for it (it was made by a link, not read).
    var typeUnits: TableChanges<String, (unit: TypeLinkUnit, bytes: ArraySlice<UInt8>?)>
    var fileUnits: TableChanges<String, (unit: FileLinkUnit, bytes: ArraySlice<UInt8>?)>
    var types: TableChanges<String, DeclaredType>

    /// Applies the changes to `state`, moving their entries into it (`TableChanges.move(into:)`): the
    /// tables are left empty.
    mutating func move(into state: inout LinkState) {
        factsDigests.move(into: &state.factsDigests)
        state.views.interfaces = interfaces
        views.move(into: &state.views.views)
        dependencies.move(into: &state.views.dependencies)
        files.move(into: &state.views.files)
        state.views.aliasExtensions = aliasExtensions
        // Moved out while the units change (a copy would copy every entry).
        var encoded = state.encoded
        state.encoded = EncodedUnits()
        typeUnits.move(into: &state.typeUnits, bytes: &encoded.typeUnits)
        fileUnits.move(into: &state.fileUnits, bytes: &encoded.fileUnits)
        state.encoded = encoded
        types.move(into: &state.types)
    }
}
