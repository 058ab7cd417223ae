/// What the link needs of one file's interface before it reads any declaration: the type table's names of
/// its declarations (as the table first names them, before extensions through typealiases are renamed),
/// its typealiases, the declarations that list a registration protocol (the roles), and whether the
/// scanner reported anything. A function of the interface alone, so a part kept from an earlier link
/// (`TableImage`) serves every later link whose file has the same path and interface digest, and the
/// file's facts are then decoded only if a step reads them (`LinkSources`).
struct TablePart: Equatable, Sendable {
    /// A declaration that lists a registration protocol: the first such protocol it lists.
    struct Role: Equatable, Sendable {
        var index: Int32
        var kind: RegistrationKind
    }

    /// A typealias under its full name; its file is the part's.
    struct Alias: Equatable, Sendable {
        var key: String
        var target: String
        var scope: String
        var isGeneric: Bool
        /// The declaration that declares it, by index, -1 at file level: with the part's names and scopes,
        /// what renaming the file reads (`TypeTable.names(of:file:extendedNames:appendingTo:)`), so a file
        /// whose extension names its type through a typealias is renamed without decoding it. Kept here,
        /// not in an array of the part's own: it fits in the padding after `isGeneric`.
        var owner: Int32 = -1

        /// The name the typealias declares: its key past its scope.
        var name: String {
            scope.isEmpty ? key : String(Substring(key.utf8.dropFirst(scope.utf8.count + 1)))
        }
    }

    /// Each declaration's full name, as the table names it before any renaming.
    var names: PartColumn<String> = []
    /// Each declaration's enclosing type, empty when every declaration is at file level.
    var outers: [String] = []
    var kinds: PartColumn<DeclarationKind> = []
    /// The written names of the extensions the table asks the resolver about (nested, or not one plain
    /// component), by declaration index.
    var writtenNames: [Int32: String] = [:]
    var aliases: [Alias] = []
    var roles: [Role] = []
    /// The declarations with an associated type (the export links leave such protocols out).
    var withAssociatedTypes: [Int32] = []
    var hasDiagnostics = false
    var hasErrors = false
    /// `FileFacts.mayRegisterOrDepend`.
    var mayRegisterOrDepend = false

    init() {}

    init(of facts: FileFacts) {
        let declarations = facts.declarations
        var named = TypeTable.FileNames()
        TypeTable.names(
            of: declarations, typealiases: facts.typealiases, file: 0, extendedNames: [:], appendingTo: &named)
        names = PartColumn(named.names)
        outers = named.outers.allSatisfy(\.isEmpty) ? [] : named.outers
        kinds = PartColumn(declarations.map(\.kind))
        for index in declarations.indices where declarations[index].kind == .extension {
            let outer = outers.isEmpty ? "" : outers[index]
            if !outer.isEmpty || !TypeTable.isPlainName(declarations[index].name) {
                writtenNames[Int32(index)] = declarations[index].name
            }
        }
        aliases = named.aliases.map {
            Alias(key: $0.key, target: $0.entry.target, scope: $0.entry.scope, isGeneric: $0.entry.isGeneric)
        }
        // `named.aliases` lists each declaration's typealiases in order, then the file's.
        var next = 0
        for index in declarations.indices {
            for _ in declarations[index].typealiases {
                aliases[next].owner = Int32(index)
                next += 1
            }
        }
        roles = Self.roles(of: declarations)
        withAssociatedTypes = declarations.indices.filter { declarations[$0].hasAssociatedType }.map { Int32($0) }
        hasDiagnostics = !facts.diagnostics.isEmpty
        hasErrors = facts.diagnostics.contains { $0.severity == .error }
        mayRegisterOrDepend = facts.mayRegisterOrDepend
    }

    /// The declarations listing a registration protocol, in order (`TypeRegistrar.roles` merges them).
    static func roles(of declarations: [DeclarationFact]) -> [Role] {
        var roles: [Role] = []
        for index in declarations.indices where !declarations[index].inherited.isEmpty {
            let kind = declarations[index].inherited.lazy.compactMap { LinkNames.registrationKinds[$0.name] }.first
            if let kind { roles.append(Role(index: Int32(index), kind: kind)) }
        }
        return roles
    }

    /// The scope a declaration is written in: its first naming never renames a scope.
    func writtenScope(of index: Int) -> String { outers.isEmpty ? "" : outers[index] }

    /// The name a declaration writes: its first full name past its written scope.
    func declaredName(of index: Int) -> String {
        let scope = writtenScope(of: index)
        return scope.isEmpty ? names[index] : String(Substring(names[index].utf8.dropFirst(scope.utf8.count + 1)))
    }

    /// The part's typealiases as the table keeps them, declared in `file`.
    func aliasEntries(file: Int) -> [(key: String, entry: AliasEntry)] {
        aliases.map {
            ($0.key, AliasEntry(target: $0.target, scope: $0.scope, isGeneric: $0.isGeneric, file: file))
        }
    }
}

extension TablePart {
    func encode(to writer: inout ByteWriter) {
        writer.writeVarint(names.count)
        for name in names { writer.writeString(name) }
        writer.writeVarint(outers.count)
        for outer in outers { writer.writeString(outer) }
        for kind in kinds { writer.writeByte(kind.code) }
        writer.writeVarint(writtenNames.count)
        for (index, name) in writtenNames.sorted(by: { $0.key < $1.key }) {
            writer.writeVarint(Int(index))
            writer.writeString(name)
        }
        writer.writeVarint(aliases.count)
        for alias in aliases {
            writer.writeString(alias.key)
            writer.writeString(alias.target)
            writer.writeString(alias.scope)
            writer.writeByte(alias.isGeneric ? 1 : 0)
        }
        writer.writeVarint(roles.count)
        for role in roles {
            writer.writeVarint(Int(role.index))
            writer.writeString(role.kind.rawValue)
        }
        writer.writeVarint(withAssociatedTypes.count)
        for index in withAssociatedTypes { writer.writeVarint(Int(index)) }
        writer.writeByte((hasDiagnostics ? 1 : 0) | (hasErrors ? 2 : 0) | (mayRegisterOrDepend ? 4 : 0))
        encodeAliasOwners(to: &writer)
    }

    /// One varint per typealias, its owner plus one (0 at file level): nothing for a file without any.
    private func encodeAliasOwners(to writer: inout ByteWriter) {
        for alias in aliases { writer.writeVarint(Int(alias.owner) + 1) }
    }

    /// `declarationCount` bounds the owners: the part's names are not attached yet when it is read.
    private mutating func decodeAliasOwners(
        from reader: inout ByteReader, declarationCount: Int
    ) throws(BinaryCodingError) {
        for index in aliases.indices {
            let code = try reader.readVarint()
            guard code <= declarationCount else { throw .invalid("table part typealias owner") }
            aliases[index].owner = Int32(code) - 1
        }
    }

    /// Every part's names and kinds read from one image, in one array each (`PartColumn`).
    struct Columns {
        var names: [String] = []
        var kinds: [DeclarationKind] = []
    }

    /// Reads a part whose names and kinds are appended to `columns`, not kept in the part: `attach` gives
    /// them to it once every part is read (the arrays move while they grow).
    init(from reader: inout ByteReader, appendingTo columns: inout Columns) throws(BinaryCodingError) {
        let count = try reader.readCount()
        for _ in 0..<count { columns.names.append(try reader.readString()) }
        let outerCount = try reader.readCount()
        guard outerCount == 0 || outerCount == count else { throw .invalid("table part scopes") }
        outers.reserveCapacity(outerCount)
        for _ in 0..<outerCount { outers.append(try reader.readString()) }
        for _ in 0..<count {
            let code = try reader.readByte()
            guard Int(code) < DeclarationKind.byCode.count else { throw .invalid("declaration kind \(code)") }
            columns.kinds.append(DeclarationKind.byCode[Int(code)])
        }
        for _ in 0..<(try reader.readCount()) {
            let index = try reader.readVarint()
            guard index < count else { throw .invalid("table part extension") }
            writtenNames[Int32(index)] = try reader.readString()
        }
        let aliasCount = try reader.readCount(minimumElementSize: 4)
        aliases.reserveCapacity(aliasCount)
        for _ in 0..<aliasCount {
            aliases.append(
                Alias(
                    key: try reader.readString(), target: try reader.readString(), scope: try reader.readString(),
                    isGeneric: try reader.readByte() != 0))
        }
        for _ in 0..<(try reader.readCount(minimumElementSize: 2)) {
            let index = try reader.readVarint()
            guard index < count, let kind = RegistrationKind(rawValue: try reader.readString()) else {
                throw .invalid("table part role")
            }
            roles.append(Role(index: Int32(index), kind: kind))
        }
        for _ in 0..<(try reader.readCount()) {
            let index = try reader.readVarint()
            guard index < count else { throw .invalid("table part associated type") }
            withAssociatedTypes.append(Int32(index))
        }
        let flags = try reader.readByte()
        hasDiagnostics = flags & 1 != 0
        hasErrors = flags & 2 != 0
        mayRegisterOrDepend = flags & 4 != 0
        try decodeAliasOwners(from: &reader, declarationCount: count)
    }

    /// Points the part at its names and kinds, `count` of each from `start` in `columns`.
    mutating func attach(_ columns: Columns, from start: Int, count: Int) {
        names = PartColumn(columns.names, offset: start, count: count)
        kinds = PartColumn(columns.kinds, offset: start, count: count)
    }
}
