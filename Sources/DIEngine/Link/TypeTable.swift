/// One scanned file as the linker sees it.
struct LinkSource {
    var path: String
    var facts: FileFacts
}

/// Identifies one declaration fact: its file and its index among that file's declarations. Kept in 8 bytes:
/// the type table holds one per declaration of the project, in memory it touches fresh on every link.
struct DeclarationRef: Hashable, Comparable {
    private var storedFile: Int32
    private var storedIndex: Int32

    var file: Int { Int(storedFile) }
    var index: Int { Int(storedIndex) }

    init(file: Int, index: Int) {
        storedFile = Int32(file)
        storedIndex = Int32(index)
    }

    static func < (lhs: DeclarationRef, rhs: DeclarationRef) -> Bool {
        (lhs.storedFile, lhs.storedIndex) < (rhs.storedFile, rhs.storedIndex)
    }
}

/// A typealias under its full name (`Storage.Backend`, or `Backend` at file level).
struct AliasEntry {
    var target: String
    /// Where the target is resolved: the full name of the type that declares the alias, `""` at file level.
    var scope: String
    var isGeneric: Bool
    /// The file declaring it.
    var file: Int
}

/// The type table: full dotted names, extensions merged into their type (also for
/// types the sources only extend), member and file-level typealiases.
struct TypeTable {
    /// Interface-only facts for files whose detail the link does not need (`supplyDetail` adds it), and
    /// for files with a kept part (`TablePart`) facts decoded only when read.
    let sources: LinkSources
    /// Where look-ups by name are recorded (`LinkReads`); iteration over every entry is not recorded.
    let reads: LinkReads
    private(set) var entries = TypeEntries()
    private(set) var aliases = AliasTable()
    /// Full name of the type each declaration declares or extends.
    private(set) var typeName = DeclarationNames()
    /// Full name of the type lexically enclosing each declaration (`""` at file level), nil for every
    /// declaration of a file that has all its declarations at file level: such files (all of the generated
    /// project's, nine in ten of real code's) keep no scopes, which saved a megabyte of fresh memory.
    private(set) var enclosingScope = DeclarationNames()
    /// Full names of the typealiases of the files named from their facts or renamed; a kept part's are its
    /// own (`aliasNames(ofFile:)`): copying them into an array per file was a tenth of the table on real code.
    private var namedAliases: [Int: [String]] = [:]
    /// The files that declare typealiases, in file order (renaming changes their names, not their number).
    private var aliasFiles: [Int] = []
    /// Extensions that name their type through a typealias, with the type they extend: the only names of a
    /// file that depend on other files.
    private(set) var aliasExtensions = ExtendedNames()

    init(sources: [LinkSource], reads: LinkReads = LinkReads()) {
        self.init(sources: LinkSources(sources), reads: reads)
    }

    /// The files with a part (`LinkSources.parts`) are named from it: their facts are not read.
    init(sources: LinkSources, reads: LinkReads = LinkReads()) {
        self.sources = sources
        self.reads = reads
        let (others, heads) = build()
        // An extension may name its type through a typealias (`extension Backend`); resolving that needs the
        // table, so the table is built once with names as written, then the files of the extensions that
        // resolve elsewhere are named again.
        let extendedNames = namesResolvedElsewhere(others, heads)
        if !extendedNames.isEmpty { rename(extendedNames) }
        aliasExtensions = extendedNames
    }

    /// The extensions that extend another type than the one their name says as written. The resolver
    /// holds a copy of the table: it is gone when this returns, so renaming does not copy every entry.
    private func namesResolvedElsewhere(_ others: [DeclarationRef], _ heads: AliasHeads) -> ExtendedNames {
        let resolver = NameResolver(table: self)
        var extendedNames: [ExtendedNames.Element] = []
        // Most of the others resolve elsewhere on real code: the array was grown a few times.
        extendedNames.reserveCapacity(others.count)
        // The resolver's answer by name written at file level (while the table is built, no look-up is
        // recorded): real code asks about 536 extensions, 76 names, none nested.
        var resolved: [String: String] = [:]
        // A plain extension at file level is named as written (`build`), before any renaming: the ones that
        // name a typealias are the extensions of that typealias's entry, found with the hash the entries
        // keep, one look-up per typealias (of a plain name) rather than a look-up of `aliases` per
        // extension. Its written name is its full name, so its file is not decoded to read it.
        aliases.forEachKey { name, hash in
            guard Self.isPlainName(name), let entry = entries[name, hash: hash] else { return }
            for ref in entry.extensions where (enclosingScope[ref] ?? "").isEmpty {
                if let type = resolvedElsewhere(ref, written: name, resolver, &resolved) {
                    extendedNames.append((ref, type))
                }
            }
        }
        for ref in others {
            let written = writtenName(ref)
            guard !(enclosingScope[ref] ?? "").isEmpty || !resolvesAsWritten(written, heads) else { continue }
            if let type = resolvedElsewhere(ref, written: written, resolver, &resolved) {
                extendedNames.append((ref, type))
            }
        }
        return ExtendedNames(extendedNames)
    }

    /// Whether a name written at file level resolves to itself: true when it has no generic arguments and
    /// none of its prefixes (`A`, `A.B`, …, the name) is a typealias, the resolver then expanding each
    /// prefix in turn and finding none. Most dotted extensions (`extension Outer.Inner`); asking the
    /// resolver was a third of the table on real code.
    /// A name none of whose prefixes can be a typealias (`heads`) is not looked up.
    private func resolvesAsWritten(_ name: String, _ heads: AliasHeads) -> Bool {
        let aliases = heads.mayHead(name) ? aliases : nil
        // Scanned in place: stepping through the UTF-8 view's indices was most of this function's time. A
        // static function: a closure kept in a variable copied the whole table (retaining every field).
        if let answer = name.utf8.withContiguousStorageIfAvailable({ Self.resolvesAsWritten(name, $0, aliases) }) {
            return answer
        }
        return Array(name.utf8).withUnsafeBufferPointer { Self.resolvesAsWritten(name, $0, aliases) }
    }

    /// `resolvesAsWritten(_:_:)` of `name`'s UTF-8 bytes; `aliases` nil when no prefix can be a typealias.
    private static func resolvesAsWritten(
        _ name: String, _ bytes: UnsafeBufferPointer<UInt8>, _ aliases: AliasTable?
    ) -> Bool {
        var start = 0
        for index in 0...bytes.count {
            let isEnd = index == bytes.count
            if isEnd || bytes[index] == UInt8(ascii: ".") {
                // An empty component, which the resolver would drop.
                guard index != start else { return false }
                // The whole name is looked up as it is, not copied.
                if let aliases, aliases.contains(isEnd ? name : String(decoding: bytes[..<index], as: UTF8.self)) {
                    return false
                }
                start = index + 1
            } else if bytes[index] == UInt8(ascii: "<") {
                return false
            }
        }
        return true
    }

    /// The type an extension extends when it is not the one its name says as written.
    private func resolvedElsewhere(
        _ ref: DeclarationRef, written: String, _ resolver: NameResolver, _ known: inout [String: String]
    ) -> String? {
        let scope = enclosingScope[ref] ?? ""
        let resolved: String
        if !scope.isEmpty {
            resolved = resolver.resolve(written, in: scope).name
        } else if let answer = known[written] {
            resolved = answer
        } else {
            resolved = resolver.resolve(written, in: "").name
            known[written] = resolved
        }
        return !resolved.isEmpty && resolved != typeName[ref] ? resolved : nil
    }

    /// The name a declaration writes, from its file's part when it has one (no decoding).
    private func writtenName(_ ref: DeclarationRef) -> String {
        sources.parts[ref.file]?.writtenName(at: Int32(ref.index)) ?? self[ref].name
    }

    /// One component without generic arguments: at file level such a name resolves to itself unless it
    /// names a typealias (what most extensions write, and `NameResolver` would answer the same, slower).
    static func isPlainName(_ name: String) -> Bool {
        !name.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") }
    }

    /// Yields the fact in place: declaration facts are large, and copying one per look-up dominated linking.
    subscript(ref: DeclarationRef) -> DeclarationFact {
        _read { yield sources[ref.file].facts.declarations[ref.index] }
    }
    func path(_ ref: DeclarationRef) -> String { sources.paths[ref.file] }

    /// `self[ref].kind`, from the file's part when it has one (no decoding).
    private func declarationKind(_ ref: DeclarationRef) -> DeclarationKind {
        sources.parts[ref.file]?.kind(at: ref.index) ?? self[ref].kind
    }

    /// `self[ref].hasAssociatedType`, from the file's part when it has one (no decoding).
    func hasAssociatedType(_ ref: DeclarationRef) -> Bool {
        guard let part = sources.parts[ref.file] else { return self[ref].hasAssociatedType }
        return part.withAssociatedTypes.contains(Int32(ref.index))
    }

    func location(_ ref: DeclarationRef, _ position: SourcePosition) -> SourceLocation {
        SourceLocation(path: path(ref), position: position)
    }

    func location(of ref: DeclarationRef) -> SourceLocation { location(ref, self[ref].position) }

    /// The kind of a type's first own declaration, nil when the sources only extend it.
    func kind(of name: String) -> DeclarationKind? {
        reads.note(name)
        return entries[name]?.kind
    }

    /// Names a type declared in the sources or a typealias (the lexical lookup test).
    func isKnown(_ name: String) -> Bool {
        reads.note(name)
        let hash = TypeEntries.hash(of: name)
        return entries[name, hash: hash]?.isDeclared == true || aliases.contains(name, hash: hash)
    }

    /// The entry of a type, recorded as read.
    func entry(_ name: String) -> TypeEntry? {
        reads.note(name)
        return entries[name]
    }

    /// The typealias with this full name, recorded as read.
    func alias(_ name: String) -> AliasEntry? {
        reads.note(name)
        return aliases[name]
    }

    /// The full names of the typealiases a file declares, nil when it declares none.
    func aliasNames(ofFile file: Int) -> [String]? {
        if let names = namedAliases[file] { return names }
        guard let declared = sources.parts[file]?.aliases, !declared.isEmpty else { return nil }
        return declared.map(\.key)
    }

    /// Every file's `aliasNames(ofFile:)` (tests).
    var aliasNames: [Int: [String]] {
        Dictionary(uniqueKeysWithValues: aliasFiles.map { ($0, aliasNames(ofFile: $0) ?? []) })
    }

    /// Whether a file declares a typealias whose full name passes `test`, a kept part's read in place.
    private func declaresAlias(inFile file: Int, _ test: (String) -> Bool) -> Bool {
        if let names = namedAliases[file] { return names.contains(where: test) }
        return sources.parts[file]?.aliases.contains { test($0.key) } ?? false
    }

    /// Replaces a file's interface-only facts by its whole facts (same declarations, with their detail).
    mutating func supplyDetail(_ facts: FileFacts, forFile file: Int) {
        sources.supply(facts, forFile: file)
    }

    /// Returns the extensions other than those at file level with a plain name (`isPlainName`), so that
    /// naming them through the resolver walks no other declaration again; the plain ones are found
    /// through the typealiases' entries.
    ///
    /// Also returns the heads of the typealiases' names, taken while each name is in the cache: taken from
    /// the finished table, they cost as much as the look-ups they save.
    private mutating func build() -> (others: [DeclarationRef], heads: AliasHeads) {
        var others: [DeclarationRef] = []
        var count = 0
        // At most this many typealiases: reserved, the dictionary of them was grown a dozen times on real code.
        var aliasCount = 0
        for file in sources.indices {
            if let declarations = sources.parts[file]?.declarationCount {
                count += Int(declarations)
                aliasCount += sources.parts[file]?.aliases.count ?? 0
            } else {
                count += sources[file].facts.declarations.count
                aliasCount += sources[file].facts.typealiases.count
                for declaration in sources[file].facts.declarations { aliasCount += declaration.typealiases.count }
            }
        }
        aliases = AliasTable(minimumCapacity: aliasCount)
        var heads = AliasHeads(capacity: aliasCount)
        typeName.reserveCapacity(files: sources.count)
        entries = TypeEntries(minimumCapacity: count)
        // Each declaration's place among its entry's (`TypeEntries`), from the first pass for the second.
        var slots: [UInt32] = []
        slots.reserveCapacity(count)
        // One file's names, scopes and typealiases at a time.
        var file = FileNames()
        enclosingScope.reserveCapacity(files: sources.count)
        // One file's name hashes at a time (`TypeEntries.touchSlots`).
        var hashes: [UInt64] = []
        let parts = sources.parts
        // The names and kinds every part read from the image shares (on a DI edit, every file's but the
        // edited one's), read through one buffer: a column made per file retained the shared arrays, and the
        // entries and names point into the names rather than copying them.
        let shared = parts.lazy.compactMap { $0?.sharedColumns }.first
        if let shared {
            entries.useColumn(shared.names)
            typeName.useShared(shared.names)
        }
        let sharedNames = shared?.names ?? []
        let sharedKinds = shared?.kinds ?? []
        // The image read, where the kept parts' name hashes are stored (`TablePart.placement(in:)`).
        let sharedImage = shared?.image ?? []
        // The parts are read through a pointer: an element read from the array was copied (three retains).
        parts.withUnsafeBufferPointer { parts in
            sharedImage.withUnsafeBytes { image in
                sharedNames.withUnsafeBufferPointer { sharedNames in
                    sharedKinds.withUnsafeBufferPointer { sharedKinds in
                        for fileIndex in sources.indices {
                            hashes.removeAll(keepingCapacity: true)
                            let part = parts.baseAddress.unsafelyUnwrapped + fileIndex
                            if let shared, let placement = part.pointee?.placement(in: shared) {
                                let range = placement.range
                                typeName.appendShared(range)
                                let outers = placement.hasRare ? part.pointee?.outers ?? [] : []
                                if placement.hasRare, let declared = part.pointee?.aliases, !declared.isEmpty {
                                    addAliases(declared, file: fileIndex, heads: &heads)
                                }
                                let names = UnsafeBufferPointer(rebasing: sharedNames[range])
                                if let start = placement.hashStart {
                                    TablePart.appendStoredHashes(
                                        count: range.count, from: start, in: image, to: &hashes)
                                } else {
                                    for name in names { hashes.append(TypeEntries.hash(of: name)) }
                                }
                                countDeclarations(
                                    file: fileIndex, names: names, columnStart: range.lowerBound,
                                    kinds: UnsafeBufferPointer(rebasing: sharedKinds[range]), hashes: hashes,
                                    outers: outers,
                                    slots: &slots, others: &others)
                                enclosingScope.append(contentsOf: Self.isFileLevel(outers[...]) ? [] : outers[...])
                                continue
                            }
                            file.names.removeAll(keepingCapacity: true)
                            file.outers.removeAll(keepingCapacity: true)
                            file.aliases.removeAll(keepingCapacity: true)
                            // Released by the next file: `file`'s arrays are then reused.
                            let names: PartColumn<String>
                            let outers: [String]
                            if let column = part.pointee?.names {
                                names = column
                                typeName.append(column)
                                outers = part.pointee?.outers ?? []
                                if let declared = part.pointee?.aliases, !declared.isEmpty {
                                    addAliases(declared, file: fileIndex, heads: &heads)
                                }
                            } else {
                                let facts = sources[fileIndex].facts
                                Self.names(
                                    of: facts.declarations, typealiases: facts.typealiases, file: fileIndex,
                                    extendedNames: ExtendedNames(),
                                    appendingTo: &file)
                                typeName.append(contentsOf: file.names)
                                names = PartColumn(file.names)
                                outers = file.outers
                            }
                            let kinds = part.pointee?.kinds
                            names.withElements { names in
                                for name in names { hashes.append(TypeEntries.hash(of: name)) }
                                if let kinds {
                                    kinds.withElements { kinds in
                                        countDeclarations(
                                            file: fileIndex, names: names, columnStart: nil, kinds: kinds,
                                            hashes: hashes,
                                            outers: outers, slots: &slots, others: &others)
                                    }
                                } else {
                                    countDeclarations(
                                        file: fileIndex, names: names, columnStart: nil, kinds: nil, hashes: hashes,
                                        outers: outers, slots: &slots, others: &others)
                                }
                            }
                            if !file.aliases.isEmpty {
                                namedAliases[fileIndex] = file.aliases.map(\.key)
                                aliasFiles.append(fileIndex)
                                aliases.addFirst(file.aliases, file: fileIndex) { key, _ in heads.insert(key) }
                            }
                            enclosingScope.append(contentsOf: Self.isFileLevel(outers[...]) ? [] : outers[...])
                        }
                    }
                }
            }
        }
        entries.allocatePlaces()
        var slot = 0
        for fileIndex in sources.indices {
            for index in 0..<typeName.count(inFile: fileIndex) {
                entries.place(DeclarationRef(file: fileIndex, index: index), inSlot: slots[slot])
                slot += 1
            }
        }
        return (others, heads)
    }

    /// Counts one file's declarations into the entries (`TypeEntries.count`), given their names' hashes; the
    /// names are at `columnStart` in the entries' column when it is not nil, and the kinds are the facts'
    /// when `kinds` is nil. Collects the extensions the resolver is asked about (`build`).
    @inline(__always)
    private mutating func countDeclarations(
        file fileIndex: Int, names: UnsafeBufferPointer<String>, columnStart: Int?,
        kinds: UnsafeBufferPointer<DeclarationKind>?, hashes: [UInt64], outers: [String], slots: inout [UInt32],
        others: inout [DeclarationRef]
    ) {
        // Only a file with a declaration not at file level keeps its scopes.
        let hasScopes = !outers.isEmpty && !Self.isFileLevel(outers[...])
        entries.touchSlots(hashes)
        for index in names.indices {
            // Fields are read in place: copying each declaration fact dominated building the table.
            let kind = kinds?[index] ?? sources[fileIndex].facts.declarations[index].kind
            if let columnStart {
                slots.append(entries.count(inColumnAt: columnStart + index, hash: hashes[index], kind: kind))
            } else {
                slots.append(entries.count(named: names[index], hash: hashes[index], kind: kind))
            }
            guard kind == .extension else { continue }
            // At file level the full name is the written one.
            if (hasScopes && !outers[index].isEmpty) || !Self.isPlainName(names[index]) {
                others.append(DeclarationRef(file: fileIndex, index: index))
            }
        }
    }

    /// A kept part's typealiases, as `build` adds a named file's: the part's own array is kept, not copied.
    private mutating func addAliases(_ declared: [TablePart.Alias], file fileIndex: Int, heads: inout AliasHeads) {
        aliasFiles.append(fileIndex)
        aliases.addFirst(declared, file: fileIndex) { key, _ in heads.insert(key) }
    }

    /// A file's part of the table (or several files' in file order): each declaration's full name and
    /// enclosing scope, and the typealiases by full name, in the order the table takes them.
    struct FileNames {
        var names: [String] = []
        var outers: [String] = []
        /// With their owners: the index of the declaration declaring each among this file's, -1 at file level.
        var aliases: [TablePart.Alias] = []

        fileprivate mutating func addAlias(
            _ name: String, _ target: String, _ isGeneric: Bool, in scope: String, owner: Int
        ) {
            aliases.append(
                TablePart.Alias(
                    key: TypeTable.join(scope, name), target: target, scope: scope, isGeneric: isGeneric,
                    owner: Int32(owner)))
        }
    }

    /// A file's names depend on its own declarations only, and on the types `extendedNames` gives its
    /// extensions of typealiases.
    private func names(ofFile fileIndex: Int, extendedNames: ExtendedNames) -> FileNames {
        var file = FileNames()
        if let part = sources.parts[fileIndex] {
            Self.names(of: part, file: fileIndex, extendedNames: extendedNames, appendingTo: &file)
            return file
        }
        let facts = sources[fileIndex].facts
        Self.names(
            of: facts.declarations, typealiases: facts.typealiases, file: fileIndex, extendedNames: extendedNames,
            appendingTo: &file)
        return file
    }

    /// `names(ofFile:extendedNames:)` of these declarations and file-level typealiases, appended to the names
    /// of files before them.
    static func names(
        of declarations: [DeclarationFact], typealiases: [TypealiasFact], file fileIndex: Int,
        extendedNames: ExtendedNames, appendingTo file: inout FileNames
    ) {
        let base = file.names.count
        let scopes = nameDeclarations(
            count: declarations.count, file: fileIndex, extendedNames: extendedNames, appendingTo: &file,
            writtenScope: { Self.dotted(declarations[$0].scope) }, declared: { declarations[$0].name })
        for index in declarations.indices {
            for alias in declarations[index].typealiases {
                file.addAlias(alias.name, alias.target, alias.isGeneric, in: file.names[base + index], owner: index)
            }
        }
        for alias in typealiases {
            let written = Self.dotted(alias.scope)
            file.addAlias(alias.name, alias.target, alias.isGeneric, in: resolved(written, scopes), owner: -1)
        }
    }

    /// The same names from a kept part, whose names and typealiases give what each declaration writes.
    static func names(
        of part: TablePart, file fileIndex: Int, extendedNames: ExtendedNames,
        appendingTo file: inout FileNames
    ) {
        let base = file.names.count
        let scopes = nameDeclarations(
            count: part.names.count, file: fileIndex, extendedNames: extendedNames, appendingTo: &file,
            writtenScope: part.writtenScope(of:), declared: part.declaredName(of:))
        for alias in part.aliases {
            let name = alias.name
            if alias.owner >= 0 {
                file.addAlias(
                    name, alias.target, alias.isGeneric, in: file.names[base + Int(alias.owner)],
                    owner: Int(alias.owner))
            } else {
                file.addAlias(name, alias.target, alias.isGeneric, in: resolved(alias.scope, scopes), owner: -1)
            }
        }
    }

    /// The full name a written scope stands for (most files rename none: no hashing then).
    private static func resolved(_ written: String, _ scopes: [String: String]) -> String {
        scopes.isEmpty ? written : scopes[written] ?? written
    }

    /// Appends each declaration's full name and enclosing scope, given the scope it is written in and the
    /// name it writes; returns each renamed written scope's full name (empty unless `extendedNames` renames
    /// an extension of this file), where the file's typealiases are resolved.
    @inline(__always)
    private static func nameDeclarations(
        count: Int, file fileIndex: Int, extendedNames: ExtendedNames, appendingTo file: inout FileNames,
        writtenScope: (Int) -> String, declared: (Int) -> String
    ) -> [String: String] {
        // Written scope (`A.B`) → full name; differs only inside extensions of typealiases.
        var scopes: [String: String] = [:]
        for index in 0..<count {
            let writtenScope = writtenScope(index)
            let declared = declared(index)
            let outer = scopes.isEmpty ? writtenScope : scopes[writtenScope] ?? writtenScope
            // Mostly empty: a look-up would still hash every reference.
            let extended = extendedNames.isEmpty ? nil : extendedNames[DeclarationRef(file: fileIndex, index: index)]
            let name = extended ?? Self.join(outer, declared)
            // A name equal to its written scope is not kept: most are. Without a kept scope or a renamed
            // extension, the full name is the written one, so that one is not spelt out to compare.
            if extended != nil || !scopes.isEmpty {
                let key = Self.join(writtenScope, declared)
                if key != name {
                    scopes[key] = name
                } else if !scopes.isEmpty {
                    scopes[key] = nil
                }
            }
            file.names.append(name)
            file.outers.append(outer)
        }
        return scopes
    }

    /// Renames the declarations of the files holding `extendedNames`' extensions, as building the table
    /// again with them would (every other file's names are its own).
    private mutating func rename(_ extendedNames: ExtendedNames) {
        var touchedAliases: Set<String> = []
        var renamedAliases: [Int: [TablePart.Alias]] = [:]
        for fileIndex in extendedNames.files {
            let file = names(ofFile: fileIndex, extendedNames: extendedNames)
            renamedAliases[fileIndex] = file.aliases
            let before = typeName.names(inFile: fileIndex)
            for index in before.indices where before[index] != file.names[index] {
                move(DeclarationRef(file: fileIndex, index: index), from: before[index], to: file.names[index])
            }
            touchedAliases.formUnion(aliasNames(ofFile: fileIndex) ?? [])
            touchedAliases.formUnion(file.aliases.map(\.key))
            if !file.aliases.isEmpty { namedAliases[fileIndex] = file.aliases.map(\.key) }
            typeName.replace(namesInFile: fileIndex, with: file.names)
            enclosingScope.replace(namesInFile: fileIndex, with: Self.isFileLevel(file.outers[...]) ? [] : file.outers)
        }
        // Each touched alias is the first declaration of its full name again, in file order, each file read
        // once. A file not renamed has the typealiases it was first named with: its part's, not decoded.
        var declaring: [(file: Int, aliases: [TablePart.Alias])] = []
        var left = touchedAliases
        for fileIndex in aliasFiles where !left.isEmpty {
            guard declaresAlias(inFile: fileIndex, left.contains) else { continue }
            let declared =
                renamedAliases[fileIndex] ?? sources.parts[fileIndex]?.aliases
                ?? names(ofFile: fileIndex, extendedNames: extendedNames).aliases
            declaring.append((fileIndex, declared))
            for alias in declared { left.remove(alias.key) }
        }
        aliases.replace(touchedAliases, by: declaring)
    }

    /// Moves a declaration from one entry to another, keeping each entry's declarations in input order and
    /// its kind that of its first own declaration; an entry left without declarations is removed.
    private mutating func move(_ ref: DeclarationRef, from old: String, to new: String) {
        let isExtension = declarationKind(ref) == .extension
        if var entry = entries[old] {
            if isExtension { entry.extensions.removeAll { $0 == ref } } else { entry.primaries.removeAll { $0 == ref } }
            entry.kind = entry.primaries.first.map(declarationKind)
            entries.set(entry.primaries.isEmpty && entry.extensions.isEmpty ? nil : entry, for: old)
        }
        var entry = entries[new] ?? TypeEntry(name: new)
        if isExtension {
            entry.extensions.insert(ref, at: entry.extensions.firstIndex { $0 > ref } ?? entry.extensions.endIndex)
        } else {
            entry.primaries.insert(ref, at: entry.primaries.firstIndex { $0 > ref } ?? entry.primaries.endIndex)
        }
        entry.kind = entry.primaries.first.map(declarationKind)
        entries.set(entry, for: new)
    }

    /// Whether every declaration of a file is at file level: its scopes are not kept.
    private static func isFileLevel(_ outers: ArraySlice<String>) -> Bool { outers.allSatisfy(\.isEmpty) }

    /// A written scope as one dotted name; a one-component scope is that component, not a new string, and
    /// no scope (most declarations) is not handed to `joined`, which is not specialised for it.
    private static func dotted(_ components: [String]) -> String {
        switch components.count {
        case 0: ""
        case 1: components[0]
        default: components.joined(separator: ".")
        }
    }

    static func join(_ scope: String, _ name: String) -> String { scope.isEmpty ? name : scope + "." + name }
}
