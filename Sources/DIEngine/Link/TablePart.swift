/// What the link needs of one file's interface before it reads any declaration: the type table's names of
/// its declarations (as the table first names them, before extensions through typealiases are renamed),
/// its typealiases, the declarations that list a registration protocol (the roles), and whether the
/// scanner reported anything. A function of the interface alone, so a part kept from an earlier link
/// (`TableImage`) serves every later link whose file has the same path and interface digest, and the
/// file's facts are then decoded only if a step reads them (`LinkSources`).
struct TablePart: Sendable {
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

    /// The names and kinds of the part's declarations: `count` of each from `start` in `columns`, shared by
    /// every part read from one image (`TableImage`), or the part's own.
    private var columns: Columns
    private var start: Int32 = 0
    /// How many declarations the part has.
    private(set) var declarationCount: Int32 = 0
    /// Where the xxh3 of each name (`TypeEntries.hash(of:)`) is in the image read (`Columns.image`), 8 bytes
    /// each; `UInt32.max` for a part made from facts. Stored where the image is written, so that building the
    /// table after a DI edit hashes none of ~70,000 names on the main thread.
    private var hashStart = UInt32.max
    var roles: [Role] = []
    /// What most files have none of (scopes, written names, typealiases, associated types), in one
    /// reference: a part is copied into several arrays of one entry per file on every link, and its size
    /// and its reference-counted fields were fresh memory and retains per file (96 bytes and seven of
    /// them; 40 and three now).
    private var rare: Rare?
    var hasDiagnostics = false
    var hasErrors = false
    /// `FileFacts.mayRegisterOrDepend`.
    var mayRegisterOrDepend = false

    /// Each declaration's full name, as the table names it before any renaming.
    var names: PartColumn<String> { PartColumn(columns.names, offset: Int(start), count: Int(declarationCount)) }
    var kinds: PartColumn<DeclarationKind> {
        PartColumn(columns.kinds, offset: Int(start), count: Int(declarationCount))
    }

    /// `names[index]` without a column of its own (which retains the shared array).
    func name(at index: Int) -> String {
        precondition(index >= 0 && index < Int(declarationCount), "part name index out of range")
        return columns.names[Int(start) + index]
    }

    /// The columns of a part read from an image that holds other parts too, nil for a part of its own.
    var sharedColumns: Columns? { columns.names.count > Int(declarationCount) ? columns : nil }

    /// The part's range of `columns`' names and kinds when it is one of the parts read with them (nil
    /// otherwise), where its stored name hashes are in `columns.image` (nil when it has none), and whether it
    /// has scopes, written names, typealiases or associated types: one read that copies nothing, so the
    /// table reads every kept part through one buffer, making no column (and retaining nothing) per file; a
    /// method of the part taking an `inout` copied it (three retains).
    func placement(in columns: Columns) -> (range: Range<Int>, hashStart: Int?, hasRare: Bool)? {
        guard self.columns === columns else { return nil }
        return (
            Int(start)..<(Int(start) + Int(declarationCount)), hashStart == UInt32.max ? nil : Int(hashStart),
            rare != nil
        )
    }

    /// Appends `count` name hashes stored from `start` in an image's bytes (`placement(in:)`).
    static func appendStoredHashes(
        count: Int, from start: Int, in image: UnsafeRawBufferPointer, to hashes: inout [UInt64]
    ) {
        precondition(start >= 0 && start + count * 8 <= image.count, "stored hashes out of the image")
        for index in 0..<count {
            hashes.append(UInt64(littleEndian: image.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self)))
        }
    }

    /// `kinds[index]`, likewise.
    func kind(at index: Int) -> DeclarationKind {
        precondition(index >= 0 && index < Int(declarationCount), "part kind index out of range")
        return columns.kinds[Int(start) + index]
    }
    /// Each declaration's enclosing type, empty when every declaration is at file level.
    var outers: [String] { rare?.outers ?? [] }
    /// The written names of the extensions the table asks the resolver about (nested, or not one plain
    /// component), by declaration index.
    /// By increasing index: an array, not a dictionary, which reading the image made per part that has any
    /// (a thousand on real code) and the table then hashed into per extension.
    var writtenNames: [WrittenName] { rare?.writtenNames ?? [] }

    /// A written name by declaration index.
    struct WrittenName: Equatable, Sendable {
        var index: Int32
        var name: String
    }

    /// The written name of declaration `index`, if the part keeps one; read in place.
    func writtenName(at index: Int32) -> String? {
        guard let names = rare?.writtenNames else { return nil }
        let low = names.firstIndex(notBefore: { $0.index < index })
        return low < names.count && names[low].index == index ? names[low].name : nil
    }
    var aliases: [Alias] { rare?.aliases ?? [] }
    /// The declarations with an associated type (the export links leave such protocols out).
    var withAssociatedTypes: [Int32] { rare?.withAssociatedTypes ?? [] }

    /// A part's fields that most files leave empty; nil when all are.
    private final class Rare: Sendable {
        let outers: [String]
        let writtenNames: [WrittenName]
        let aliases: [Alias]
        let withAssociatedTypes: [Int32]

        init(outers: [String], writtenNames: [WrittenName], aliases: [Alias], withAssociatedTypes: [Int32]) {
            self.outers = outers
            self.writtenNames = writtenNames
            self.aliases = aliases
            self.withAssociatedTypes = withAssociatedTypes
        }

        /// Nil when every field is empty.
        static func make(
            outers: [String], writtenNames: [WrittenName], aliases: [Alias], withAssociatedTypes: [Int32]
        ) -> Rare? {
            guard !outers.isEmpty || !writtenNames.isEmpty || !aliases.isEmpty || !withAssociatedTypes.isEmpty
            else { return nil }
            return Rare(
                outers: outers, writtenNames: writtenNames, aliases: aliases, withAssociatedTypes: withAssociatedTypes)
        }
    }

    init() { columns = Columns.empty }

    init(of facts: FileFacts) {
        let declarations = facts.declarations
        var named = TypeTable.FileNames()
        TypeTable.names(
            of: declarations, typealiases: facts.typealiases, file: 0, extendedNames: ExtendedNames(),
            appendingTo: &named)
        columns = Columns(names: named.names, kinds: declarations.map(\.kind))
        declarationCount = Int32(declarations.count)
        let outers = named.outers.allSatisfy(\.isEmpty) ? [] : named.outers
        var writtenNames: [WrittenName] = []
        for index in declarations.indices where declarations[index].kind == .extension {
            let outer = outers.isEmpty ? "" : outers[index]
            if !outer.isEmpty || !TypeTable.isPlainName(declarations[index].name) {
                writtenNames.append(WrittenName(index: Int32(index), name: declarations[index].name))
            }
        }
        rare = Rare.make(
            outers: outers, writtenNames: writtenNames, aliases: named.aliases,
            withAssociatedTypes: declarations.indices.filter { declarations[$0].hasAssociatedType }.map { Int32($0) })
        roles = Self.roles(of: declarations)
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
        let name = name(at: index)
        return scope.isEmpty ? name : String(Substring(name.utf8.dropFirst(scope.utf8.count + 1)))
    }
}

extension TablePart {
    func encode(to writer: inout ByteWriter) {
        writer.writeVarint(names.count)
        for name in names { writer.writeString(name) }
        // Hashed here, on the writing thread after the output, not by every later link's table.
        for name in names { writer.writeFixed64(TypeEntries.hash(of: name)) }
        writer.writeVarint(outers.count)
        for outer in outers { writer.writeString(outer) }
        for kind in kinds { writer.writeByte(kind.code) }
        writer.writeVarint(writtenNames.count)
        for written in writtenNames {
            writer.writeVarint(Int(written.index))
            writer.writeString(written.name)
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

    /// `declarationCount` bounds the owners.
    private static func decodeAliasOwners(
        of aliases: inout [Alias], from reader: inout ByteReader, declarationCount: Int
    ) throws(BinaryCodingError) {
        for index in aliases.indices {
            let code = try reader.readVarint()
            guard code <= declarationCount else { throw .invalid("table part typealias owner") }
            aliases[index].owner = Int32(code) - 1
        }
    }

    /// Every part's names and kinds read from one image, in one array each (`PartColumn`), or one part's;
    /// the image's bytes hold the parts' stored name hashes.
    final class Columns: Sendable {
        let names: [String]
        let kinds: [DeclarationKind]
        /// The image read, empty for a part of its own.
        let image: [UInt8]

        static let empty = Columns(names: [], kinds: [])

        init(names: [String], kinds: [DeclarationKind], image: [UInt8] = []) {
            self.names = names
            self.kinds = kinds
            self.image = image
        }
    }

    /// The names and kinds of the parts being read from one image, growing.
    struct ColumnsRead {
        var names: [String] = []
        var kinds: [DeclarationKind] = []
    }

    /// Reads a part whose names and kinds are appended to `columns`, not kept in the part: `attach` gives
    /// them to it once every part is read (the arrays move while they grow).
    init(from reader: inout ByteReader, appendingTo columns: inout ColumnsRead) throws(BinaryCodingError) {
        self.columns = Columns.empty
        let count = try reader.readCount()
        start = Int32(truncatingIfNeeded: columns.names.count)
        declarationCount = Int32(truncatingIfNeeded: count)
        for _ in 0..<count { columns.names.append(try reader.readString()) }
        // Paths and hashes are kept as 32-bit offsets of the image (`TableImage.decode` bounds its size).
        hashStart = UInt32(truncatingIfNeeded: reader.offset)
        _ = try reader.readRawBytes(count: count * 8)
        let outerCount = try reader.readCount()
        guard outerCount == 0 || outerCount == count else { throw .invalid("table part scopes") }
        var outers: [String] = []
        outers.reserveCapacity(outerCount)
        for _ in 0..<outerCount { outers.append(try reader.readString()) }
        for _ in 0..<count {
            let code = try reader.readByte()
            guard Int(code) < DeclarationKind.byCode.count else { throw .invalid("declaration kind \(code)") }
            columns.kinds.append(DeclarationKind.byCode[Int(code)])
        }
        var writtenNames: [WrittenName] = []
        for _ in 0..<(try reader.readCount()) {
            let index = try reader.readVarint()
            // Written in increasing order (`encode`): anything else is not an image this tool wrote.
            guard index < count, Int32(index) > writtenNames.last?.index ?? -1 else {
                throw .invalid("table part extension")
            }
            writtenNames.append(WrittenName(index: Int32(index), name: try reader.readString()))
        }
        let aliasCount = try reader.readCount(minimumElementSize: 4)
        var aliases: [Alias] = []
        aliases.reserveCapacity(aliasCount)
        for _ in 0..<aliasCount {
            aliases.append(
                Alias(
                    key: try reader.readString(), target: try reader.readString(), scope: try reader.readString(),
                    isGeneric: try reader.readByte() != 0))
        }
        for _ in 0..<(try reader.readCount(minimumElementSize: 2)) {
            let index = try reader.readVarint()
            guard index < count, let kind = try Self.readKind(from: &reader) else { throw .invalid("table part role") }
            roles.append(Role(index: Int32(index), kind: kind))
        }
        var withAssociatedTypes: [Int32] = []
        for _ in 0..<(try reader.readCount()) {
            let index = try reader.readVarint()
            guard index < count else { throw .invalid("table part associated type") }
            withAssociatedTypes.append(Int32(index))
        }
        let flags = try reader.readByte()
        hasDiagnostics = flags & 1 != 0
        hasErrors = flags & 2 != 0
        mayRegisterOrDepend = flags & 4 != 0
        try Self.decodeAliasOwners(of: &aliases, from: &reader, declarationCount: count)
        rare = Rare.make(
            outers: outers, writtenNames: writtenNames, aliases: aliases, withAssociatedTypes: withAssociatedTypes)
    }

    /// Each kind's raw value as bytes.
    private static let kindsByRawValue = RegistrationKind.allCases.map { (bytes: Array($0.rawValue.utf8), kind: $0) }

    /// A role's kind, nil for an unknown raw value: found by its bytes, not by making a `String` of them and
    /// switching over it, which was a tenth of reading the generated project's image (3,000 roles).
    static func readKind(from reader: inout ByteReader) throws(BinaryCodingError) -> RegistrationKind? {
        let count = try reader.readCount()
        let bytes = try reader.readRawBytes(count: count)
        return kindsByRawValue.first { $0.bytes.count == bytes.count && $0.bytes.elementsEqual(bytes) }?.kind
    }

    /// Points a part read by `init(from:appendingTo:)` at its names and kinds, once every part is read.
    mutating func attach(_ columns: Columns) {
        precondition(
            Int(start) + Int(declarationCount) <= columns.names.count && columns.names.count == columns.kinds.count
                && (hashStart == UInt32.max || Int(hashStart) + Int(declarationCount) * 8 <= columns.image.count))
        self.columns = columns
    }
}

extension TablePart: Equatable {
    static func == (lhs: TablePart, rhs: TablePart) -> Bool {
        lhs.names == rhs.names && lhs.kinds == rhs.kinds && lhs.roles == rhs.roles && lhs.outers == rhs.outers
            && lhs.writtenNames == rhs.writtenNames && lhs.aliases == rhs.aliases
            && lhs.withAssociatedTypes == rhs.withAssociatedTypes && lhs.hasDiagnostics == rhs.hasDiagnostics
            && lhs.hasErrors == rhs.hasErrors && lhs.mayRegisterOrDepend == rhs.mayRegisterOrDepend
    }
}
