// The payload of a `LinkStateFile`, field by field (no key names, no reflection), like the cache's facts
// (`FactsCodec`). Strings are indices into the record's string table and digest lists counts of its digest
// pool (`LinkStateWriter`); optional strings are 0 or the index plus one; enums are their raw names, checked
// when read; every count is bounded by the bytes left (`ByteReader.readCount`).

extension ByteWriter {
    /// A record's payload: its string table and digest pool, then table by table the entries that are new or
    /// differ (key, value) and then the keys that went away, each list in the order of its keys.
    mutating func writeLinkStateChanges(_ changes: LinkStateChanges) {
        var writer = LinkStateWriter()
        writer.writeChanges(changes)
        writer.payload(into: &self)
    }

    /// Strings written in place (what a name's view hashes).
    mutating func writeStringArray(_ strings: [String]) {
        writeVarint(strings.count)
        for string in strings { writeString(string) }
    }
}

extension LinkStateWriter {
    fileprivate mutating func writeChanges(_ changes: LinkStateChanges) {
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
        writeDigests(changes.reads.added)
        writeDigests(changes.reads.removed)
        writeTable(
            changes.typeUnits, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { $0.writeTypeUnit($1) })
        writeTable(
            changes.fileUnits, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { $0.writeFileUnit($1) })
        writeTable(
            changes.types, order: byString, writeKey: { $0.writeString($1) },
            writeValue: { writer, type in
                writer.writeOptionalString(type.kind?.rawValue)
                writer.writeLocation(type.location)
                writer.writeStringArray(type.supertypes)
                writer.writeStringArray(type.superclasses)
            })
    }

    /// `changes`' upserts (key, value) then its removals, each in the order `order` gives (indices of the
    /// keys, sorted).
    private mutating func writeTable<Key, Value>(
        _ changes: TableChanges<Key, Value>, order: ([Key]) -> [Int], writeKey: (inout LinkStateWriter, Key) -> Void,
        writeValue: (inout LinkStateWriter, Value) -> Void
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

    private mutating func writeDiagnostics(_ diagnostics: [Diagnostic]) {
        writeVarint(diagnostics.count)
        for diagnostic in diagnostics { writeDiagnostic(diagnostic) }
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
        // A registrar's arguments are its first dependencies (`claimArguments`): the dependencies come first
        // then, and the arguments as their labels, which the read pairs with the dependencies already read
        // (half of a unit's dependencies were written, read and retained twice).
        let leads = Self.argumentsLeadDependencies(registration)
        writeBool(leads)
        if leads {
            writeDependencies(registration.dependencies)
            writeLabels(registration.constructorArguments)
            writeLabels(registration.injectorArguments)
        } else {
            writeArguments(registration.constructorArguments)
            writeArguments(registration.injectorArguments)
        }
        writeOptionalString(registration.payloadType)
        writeOptionalString(registration.configurationType)
        writeOptionalString(registration.configPropertyName)
        writeOptionalString(registration.configPropertyTarget)
        writeVarint(registration.configPropertyFields.count)
        for field in registration.configPropertyFields {
            writeString(field.name)
            writeString(field.typeName)
            writeBool(field.isOptional)
        }
        writeStringArray(registration.links)
        if !leads { writeDependencies(registration.dependencies) }
        writeBool(registration.dependenciesUnknown)
        writeBool(registration.importedIsFactory)
        writeBool(registration.importedIsLazy)
    }

    private mutating func writeDependencies(_ dependencies: [Dependency]) {
        writeVarint(dependencies.count)
        for dependency in dependencies { writeDependency(dependency) }
    }

    /// Whether the constructor then injector arguments carry exactly the first dependencies, in order.
    static func argumentsLeadDependencies(_ registration: Registration) -> Bool {
        let arguments = registration.constructorArguments + registration.injectorArguments
        return !arguments.isEmpty && registration.dependencies.count >= arguments.count
            && zip(arguments, registration.dependencies).allSatisfy { $0.dependency == $1 }
    }

    private mutating func writeLabels(_ arguments: [DependencyArgument]) {
        writeVarint(arguments.count)
        for argument in arguments { writeOptionalString(argument.label) }
    }

    private mutating func writeArguments(_ arguments: [DependencyArgument]) {
        writeVarint(arguments.count)
        for argument in arguments {
            writeOptionalString(argument.label)
            writeDependency(argument.dependency)
        }
    }

    private mutating func writeDependency(_ dependency: Dependency) {
        writeString(dependency.typeName)
        writeBool(dependency.isArray)
        writeBool(dependency.isPayload)
        writeString(dependency.qualifier)
        writeOptionalString(dependency.qualifierBy)
        writeString(dependency.effectiveQualifier)
        writeOptionalString(dependency.qualifierFromLabel)
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
    /// Reads the record `writeLinkStateChanges` wrote into `target`, table by table.
    /// `isPermanent`: the bytes are never freed or changed (`LinkStateReader`).
    mutating func readLinkStateRecord<Target: LinkStateRecordTarget>(
        into target: inout Target, isPermanent: Bool = false
    ) throws(BinaryCodingError) {
        var reader = LinkStateReader(self, isPermanent: isPermanent)
        try reader.readTables()
        try reader.readEntries(into: &target)
        self = reader.reader
    }
}

extension LinkStateReader {
    fileprivate mutating func readEntries<Target: LinkStateRecordTarget>(
        into target: inout Target
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
        target.reads = ReadChanges(sortedAdded: try readDigests(), removed: try readDigests())
        try readUnits(into: &target.typeUnits, key: \.typeName) { reader throws(BinaryCodingError) in
            try reader.readTypeUnit()
        }
        try readUnits(into: &target.fileUnits, key: \.path) { reader throws(BinaryCodingError) in
            try reader.readFileUnit()
        }
        try readTable(into: &target.types, minimumEntrySize: 2) { reader, name throws(BinaryCodingError) in
            DeclaredType(
                name: name, kind: try reader.readOptionalDeclarationKind(),
                location: try reader.readRequiredLocation(),
                supertypes: try reader.readStringArray(), superclasses: try reader.readStringArray())
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readString()
        }
    }

    /// Reads a table of units into `table`, each checked against its key.
    private mutating func readUnits<Unit, Table: RecordTable<String, Unit>>(
        into table: inout Table, key: (Unit) -> String,
        read: (inout LinkStateReader) throws(BinaryCodingError) -> Unit
    ) throws(BinaryCodingError) {
        try readTable(into: &table, minimumEntrySize: 2) { reader, name throws(BinaryCodingError) in
            let unit = try read(&reader)
            guard key(unit) == name else { throw .invalid("unit key") }
            return unit
        } readKey: { reader throws(BinaryCodingError) in
            try reader.readString()
        }
    }

    /// Reads what `ByteWriter.writeTable` wrote into `table`.
    private mutating func readTable<Key, Value, Table: RecordTable<Key, Value>>(
        into table: inout Table, minimumEntrySize: Int,
        readValue: (inout LinkStateReader, Key) throws(BinaryCodingError) -> Value,
        readKey: (inout LinkStateReader) throws(BinaryCodingError) -> Key
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
        let pending = try readList { reader throws(BinaryCodingError) in try reader.readPending() }
        return TypeLinkUnit(
            typeName: name, files: files, reads: reads, pending: pending,
            configurationFiles: try readStringArray(), diagnostics: try readDiagnostics())
    }

    private mutating func readFileUnit() throws(BinaryCodingError) -> FileLinkUnit {
        let path = try readString()
        let reads = try readDigests()
        var members = MemberDependencies.OfFile()
        members.dependencies = try readList { reader throws(BinaryCodingError) in
            let owner = try reader.readString()
            return .init(owner: owner, dependency: try reader.readDependency())
        }
        members.propertyUses = try readPropertyUses()
        return FileLinkUnit(path: path, reads: reads, members: members, diagnostics: try readDiagnostics())
    }

    /// A list read element by element into an array of its exact size (grown by appending, most lists
    /// were allocated twice or more).
    private mutating func readList<Element>(
        _ read: (inout LinkStateReader) throws(BinaryCodingError) -> Element
    ) throws(BinaryCodingError) -> [Element] {
        let count = try readCount()
        guard count > 0 else { return [] }
        var list: [Element] = []
        list.reserveCapacity(count)
        for _ in 0..<count { list.append(try read(&self)) }
        return list
    }

    fileprivate mutating func readStringArray() throws(BinaryCodingError) -> [String] {
        try readList { reader throws(BinaryCodingError) in try reader.readString() }
    }

    private mutating func readDiagnostics() throws(BinaryCodingError) -> [Diagnostic] {
        try readList { reader throws(BinaryCodingError) in
            let code = try reader.readString()
            let severity = try reader.reader.readCode(Severity.byCode)
            let message = try reader.readString()
            let location = try reader.readLocation()
            let notes = try reader.readList { reader throws(BinaryCodingError) in
                DiagnosticNote(try reader.readString(), at: try reader.readLocation())
            }
            return Diagnostic(code, severity, message, at: location, notes: notes)
        }
    }

    fileprivate mutating func readLocation() throws(BinaryCodingError) -> SourceLocation? {
        guard let path = try readOptional() else { return nil }
        return SourceLocation(path: path, line: try readInt(), column: try readInt())
    }

    private mutating func readID() throws(BinaryCodingError) -> RegistrationID {
        RegistrationID(typeName: try readString(), qualifier: try readString())
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
            id: try readID(), kind: try readRegistrationKind(), scope: try readScope(),
            location: try readLocation(), isValueType: try readBool())
        // The dependencies first when the arguments lead them (`argumentsLeadDependencies`), the arguments
        // as labels paired with them.
        let leads = try readBool()
        if leads {
            registration.dependencies = try readDependencies()
            let dependencies = registration.dependencies[...]
            registration.constructorArguments = try readArguments(labelling: dependencies)
            let constructorCount = registration.constructorArguments.count
            registration.injectorArguments = try readArguments(labelling: dependencies.dropFirst(constructorCount))
            guard constructorCount + registration.injectorArguments.count > 0 else {
                throw .invalid("argument labels")
            }
        } else {
            registration.constructorArguments = try readArguments()
            registration.injectorArguments = try readArguments()
        }
        registration.payloadType = try readOptional()
        registration.configurationType = try readOptional()
        registration.configPropertyName = try readOptional()
        registration.configPropertyTarget = try readOptional()
        registration.configPropertyFields = try readList { reader throws(BinaryCodingError) in
            ConfigPropertyField(
                name: try reader.readString(), typeName: try reader.readString(), isOptional: try reader.readBool())
        }
        registration.links = try readStringArray()
        if !leads { registration.dependencies = try readDependencies() }
        registration.dependenciesUnknown = try readBool()
        registration.importedIsFactory = try readBool()
        registration.importedIsLazy = try readBool()
        return registration
    }

    private mutating func readDependencies() throws(BinaryCodingError) -> [Dependency] {
        try readList { reader throws(BinaryCodingError) in try reader.readDependency() }
    }

    /// Arguments whose labels are read, carrying the first of `dependencies` in order; there must be as
    /// many of those as labels.
    private mutating func readArguments(labelling dependencies: ArraySlice<Dependency>) throws(BinaryCodingError)
        -> [DependencyArgument]
    {
        var position = dependencies.startIndex
        return try readList { reader throws(BinaryCodingError) in
            guard position < dependencies.endIndex else { throw .invalid("argument labels") }
            let argument = DependencyArgument(label: try reader.readOptional(), dependency: dependencies[position])
            position += 1
            return argument
        }
    }

    private mutating func readArguments() throws(BinaryCodingError) -> [DependencyArgument] {
        try readList { reader throws(BinaryCodingError) in
            DependencyArgument(label: try reader.readOptional(), dependency: try reader.readDependency())
        }
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
        let candidates = try readList { reader throws(BinaryCodingError) in try reader.readID() }
        return Dependency(
            typeName: typeName, isArray: isArray, isPayload: isPayload, qualifier: qualifier, qualifierBy: qualifierBy,
            effectiveQualifier: effectiveQualifier, qualifierFromLabel: qualifierFromLabel, isEager: isEager,
            owner: owner, ownerTypeName: ownerTypeName, location: location, candidates: candidates,
            isExactMatch: try readBool(), hasImportedCandidate: try readBool())
    }

    private mutating func readPropertyUses() throws(BinaryCodingError) -> [PropertyUse] {
        try readList { reader throws(BinaryCodingError) in
            let path = try reader.readString()
            let requirement: PropertyUse.Requirement
            switch try reader.readByte() {
            case 0: requirement = .scalar
            case 1:
                requirement = .field(
                    name: try reader.readString(), owner: try reader.readString(), typeName: try reader.readString(),
                    isOptional: try reader.readBool())
            default: throw .invalid("property requirement")
            }
            return PropertyUse(path: path, requirement: requirement, location: try reader.readRequiredLocation())
        }
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

/// What one record of a link state file states (`writeLinkStateChanges`), decoded whole before it is
/// applied: a record that does not decode changes nothing.
struct LinkStateChanges {
    var factsDigests: TableChanges<String, UInt64>
    var interfaces: UInt64
    var views: TableChanges<UInt64, UInt64>
    var dependencies: TableChanges<UInt64, ViewDependencies>
    var files: TableChanges<UInt64, UInt64>
    var aliasExtensions: [AliasExtension]
    /// The names read (`LinkState.reads`) that the record adds and removes: stored, so that a load need not
    /// collect them from every unit.
    var reads: ReadChanges
    var typeUnits: TableChanges<String, TypeLinkUnit>
    var fileUnits: TableChanges<String, FileLinkUnit>
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
        typeUnits.move(into: &state.typeUnits)
        fileUnits.move(into: &state.fileUnits)
        types.move(into: &state.types)
    }
}
