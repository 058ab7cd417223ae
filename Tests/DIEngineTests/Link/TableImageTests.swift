import Testing

@testable import DIEngine

/// A type table built from kept parts (`TablePart`, through the table image) with facts decoded on demand
/// must answer every question as one built from every file's facts, name by name, over random edits.
@Suite struct TableImageTests {
    typealias Project = [String: String]

    /// A random file over a small pool of names, so that files declare, extend and alias each other's
    /// types: nested types, dotted extensions, extensions through typealiases, `#if` twins, roles, errors.
    static func randomFile(_ random: inout SeededGenerator) -> String {
        let types = ["Alpha", "Beta", "Gamma", "Delta"]
        let aliases = ["Backend", "Store", "Alias"]
        let roles = ["Component", "Autowired", "LazyAutowired", "Configuration", "Equatable", "Store"]
        var lines: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let type = types.randomElement(using: &random)!
            let alias = aliases.randomElement(using: &random)!
            let role = roles.randomElement(using: &random)!
            switch Int.random(in: 0..<13, using: &random) {
            case 0: lines.append("final class \(type): \(role) { init() {} }")
            case 1: lines.append("struct \(type) { struct Inner: \(role) {} typealias \(alias) = \(type).Inner }")
            case 2: lines.append("extension \(type): \(role) {}")
            case 3: lines.append("extension \(type).Inner { func f() {} }")
            case 4: lines.append("typealias \(alias) = \(types.randomElement(using: &random)!)")
            case 5: lines.append("extension \(alias) { func g() {} }")
            case 6: lines.append("extension \(alias).Inner: \(role) {}")
            case 7:
                lines.append(
                    Bool.random(using: &random) ? "protocol \(alias) {}" : "protocol \(alias) { associatedtype T }")
            case 8: lines.append("#if DEBUG\nfinal class \(type): \(role) {}\n#else\nstruct \(type) {}\n#endif")
            case 9: lines.append("enum \(type) { extension Nested {} class Inner: \(role) {} }")
            // Renamed with their extension: nested types, member typealiases and the scopes of both.
            case 10:
                lines.append(
                    "extension \(alias) { struct Deep: \(role) { typealias \(alias) = \(type) } typealias Member = \(type) }"
                )
            case 11: lines.append("extension \(alias).Deep { typealias Member = Deep }\ntypealias Pair = \(alias).Deep")
            default: lines.append("final class \(type): \(role) { init(_ x: \(type) { }")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The project as a run sees it: each file's interface, and its part taken from `image` when the path
    /// and interface digest match (made from the interface otherwise); the image to keep afterwards.
    static func inputs(_ project: Project, image read: TableImage.Loaded) -> (
        sources: LinkSources, facts: [LinkSource], image: TableImage.Loaded, kept: Int
    ) {
        let paths = project.keys.sorted()
        let image = read.entries
        let match = TableImageMatch(paths: paths, image: image)
        var keptPositions: [Int?] = []
        var facts: [LinkSource] = []
        var parts: [TablePart?] = []
        var loaders: [FactsLoader?] = []
        var entries: [TableImage.Entry] = []
        var kept = 0
        for (index, path) in paths.enumerated() {
            let blob = FactsCodec.encode(Scanner.scan(bytes: Array(project[path]!.utf8), runtimeModule: "DIRuntime"))[
                ...]
            let interface = try! FactsReader.readInterface(blob)
            let digest = Fingerprint.xxh3(try! FactsCodec.interfaceBytes(of: blob))
            facts.append(LinkSource(path: path, facts: interface))
            var part = TablePart(of: interface)
            keptPositions.append(nil)
            if let position = match.positions[index], image[position].factsDigest == Fingerprint.xxh3(blob) {
                #expect(image[position].interfaceDigest == digest)
                part = image[position].part
                keptPositions[index] = position
                kept += 1
            }
            parts.append(part)
            loaders.append(FactsLoader { try? FactsReader.readInterface(blob) })
            entries.append(
                TableImage.Entry(path: path, factsDigest: Fingerprint.xxh3(blob), interfaceDigest: digest, part: part))
        }
        let sources = LinkSources(
            paths: paths, facts: Array(repeating: nil, count: paths.count), loaders: loaders, parts: parts)
        // The kept entries' bytes are copied from the image read: the same bytes as encoding them again.
        let bytes = TableImage.encode(entries, identity: "test", keeping: keptPositions, of: read)
        #expect(bytes == TableImage.encode(entries, identity: "test"))
        let reread = TableImage.decode(bytes, identity: "test")
        #expect(reread.entries == entries)
        return (sources, facts, reread, kept)
    }

    /// Every answer of the two tables, name by name.
    static func expectSameAnswers(_ kept: TypeTable, _ built: TypeTable, _ step: String) {
        let names = Set(kept.entries.keys).union(built.entries.keys).union(kept.aliases.keys.map(\.name))
            .union(built.aliases.keys.map(\.name))
        for name in names {
            let (a, b) = (kept.entries[name], built.entries[name])
            #expect(a.map { Array($0.primaries) } == b.map { Array($0.primaries) }, "\(step): \(name)")
            #expect(a.map { Array($0.extensions) } == b.map { Array($0.extensions) }, "\(step): \(name)")
            #expect(a?.kind == b?.kind, "\(step): \(name)")
            let (x, y) = (kept.aliases[name], built.aliases[name])
            #expect(x?.target == y?.target && x?.scope == y?.scope, "\(step): alias \(name)")
            #expect(x?.isGeneric == y?.isGeneric && x?.file == y?.file, "\(step): alias \(name)")
        }
        #expect(kept.aliasExtensions == built.aliasExtensions, "\(step)")
        #expect(kept.aliasNames == built.aliasNames, "\(step)")
        for file in built.sources.indices {
            for index in built.sources[file].facts.declarations.indices {
                let ref = DeclarationRef(file: file, index: index)
                #expect(kept.typeName[ref] == built.typeName[ref], "\(step): \(ref)")
                #expect(kept.enclosingScope[ref] == built.enclosingScope[ref], "\(step): \(ref)")
                #expect(kept.hasAssociatedType(ref) == built[ref].hasAssociatedType, "\(step): \(ref)")
            }
        }
        let files = Array(built.sources.indices)
        #expect(TypeRegistrar.roles(in: kept, files: files) == TypeRegistrar.roles(in: built, files: files), "\(step)")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func aTableFromKeptPartsAnswersAsOneBuiltFromFacts(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var project: Project = [:]
        for index in 0..<6 { project["Sources/F\(index).swift"] = Self.randomFile(&random) }
        var image = TableImage.Loaded(entries: [], note: "none")
        var keptSome = false
        var renamedSome = false
        for step in 0..<40 {
            let run = Self.inputs(project, image: image)
            let kept = TypeTable(sources: run.sources)
            // Renaming reads the parts too: building the table decodes no file.
            #expect(run.sources.decodedOnDemand == 0, "seed \(seed) step \(step)")
            let built = TypeTable(sources: run.facts)
            Self.expectSameAnswers(kept, built, "seed \(seed) step \(step)")
            image = run.image
            keptSome = keptSome || run.kept > 0
            renamedSome = renamedSome || !built.aliasExtensions.isEmpty
            // One to three files rewritten, added or removed.
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let path = "Sources/F\(Int.random(in: 0..<8, using: &random)).swift"
                project[path] = Int.random(in: 0..<6, using: &random) == 0 ? nil : Self.randomFile(&random)
            }
        }
        #expect(keptSome)
        #expect(renamedSome, "some step renames an extension through a typealias")
    }

    /// Every role kind is read back from its raw value's bytes; another raw value is damage.
    @Test func everyRoleKindIsReadFromItsBytes() {
        for kind in RegistrationKind.allCases + [nil] {
            var writer = ByteWriter()
            writer.writeString(kind?.rawValue ?? "component2")
            let read = writer.bytes.withUnsafeBytes { buffer in
                var reader = ByteReader(buffer)
                return (try? TablePart.readKind(from: &reader), reader.isAtEnd)
            }
            #expect(read.0 == kind && read.1, "\(String(describing: kind))")
        }
    }

    /// A part's written names (the extensions the resolver is asked about) are found by declaration index,
    /// in a part made from facts and in one read back from an image; the other declarations have none.
    @Test func writtenNamesAreFoundByIndex() {
        let source = """
            struct Outer { struct Inner {} }
            extension Outer.Inner {}
            extension Plain {}
            extension Array<Int> {}
            enum E { case a }
            extension Storage.Backend.Key {}
            """
        let part = TablePart(of: Scanner.scan(bytes: Array(source.utf8), runtimeModule: "R"))
        let read = TableImage.decode(
            TableImage.encode(
                [TableImage.Entry(path: "A.swift", factsDigest: 1, interfaceDigest: 2, part: part)], identity: "1"),
            identity: "1"
        ).entries.map(\.part)
        #expect(read == [part])
        for part in [part] + read {
            let written = (0..<Int32(part.names.count)).map { part.writtenName(at: $0) }
            #expect(written == [nil, nil, "Outer.Inner", nil, "Array<Int>", nil, "Storage.Backend.Key"])
            #expect(part.writtenNames.map(\.index) == [2, 4, 6])
            #expect(part.writtenName(at: 7) == nil && part.writtenName(at: -1) == nil)
        }
    }

    @Test func aDamagedOrForeignImageHoldsNoParts() {
        let part = TablePart(of: Scanner.scan(bytes: Array("final class A: Component {}".utf8), runtimeModule: "R"))
        let bytes = TableImage.encode(
            [TableImage.Entry(path: "A.swift", factsDigest: 1, interfaceDigest: 7, part: part)], identity: "1")
        #expect(TableImage.decode(bytes, identity: "1").entries.map(\.part) == [part])
        #expect(TableImage.decode(bytes, identity: "2").note == "another tool")
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x5A
        #expect(TableImage.decode(flipped, identity: "1").entries.isEmpty)
        #expect(TableImage.decode(Array(bytes.prefix(bytes.count / 2)), identity: "1").entries.isEmpty)
        var otherVersion = bytes
        otherVersion[TableImage.magic.count] &+= 1
        #expect(TableImage.decode(otherVersion, identity: "1").entries.isEmpty)
    }

    /// The parts read from an image hold their names and kinds as ranges of one array each, indexed from 0,
    /// equal to the parts they were made from.
    @Test func aReadImageKeepsEveryPartsNamesInOneArray() {
        let sources = [
            "struct A { struct Inner {} }\nextension A: Component {}", "", "enum B {}\nprotocol C { associatedtype T }",
        ]
        let entries = sources.enumerated().map { index, source in
            TableImage.Entry(
                path: "F\(index).swift", factsDigest: UInt64(index), interfaceDigest: 0,
                part: TablePart(of: Scanner.scan(bytes: Array(source.utf8), runtimeModule: "R")))
        }
        let read = TableImage.decode(TableImage.encode(entries, identity: "1"), identity: "1").entries
        #expect(read == entries)
        #expect(read.map { Array($0.part.names) } == [["A", "A.Inner", "A"], [], ["B", "C"]])
        #expect(read[2].part.kinds[0] == .enum && read[2].part.kinds.indices == 0..<2)
        let firstNames = read[0].part.names.withContiguousStorageIfAvailable { $0.baseAddress }
        let lastNames = read[2].part.names.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(firstNames.flatMap { $0.map { $0 + 3 } } == lastNames.flatMap { $0 })
        let firstKinds = read[0].part.kinds.withContiguousStorageIfAvailable { $0.baseAddress }
        let lastKinds = read[2].part.kinds.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(firstKinds.flatMap { $0.map { $0 + 3 } } == lastKinds.flatMap { $0 })
    }

    /// The image stores each name's hash (`TypeEntries.hash(of:)`) where it is written, and a part read
    /// gives them back in order; a part made from facts stores none, so the table hashes its names itself.
    @Test func aReadImageGivesEachNamesStoredHash() throws {
        let sources = [
            "struct A { struct Inner {} }\nextension A: Component {}", "", "enum B {}\nextension Some.Nested<Int> {}",
        ]
        let entries = sources.enumerated().map { index, source in
            TableImage.Entry(
                path: "F\(index).swift", factsDigest: UInt64(index), interfaceDigest: 0,
                part: TablePart(of: Scanner.scan(bytes: Array(source.utf8), runtimeModule: "R")))
        }
        #expect(entries[0].part.sharedColumns == nil)
        let read = TableImage.decode(TableImage.encode(entries, identity: "1"), identity: "1").entries
        #expect(read == entries)
        let columns = try #require(read[0].part.sharedColumns)
        #expect(entries[0].part.placement(in: columns) == nil, "a part made from facts is not in the image's columns")
        for entry in read {
            let placement = try #require(entry.part.placement(in: columns))
            #expect(Array(columns.names[placement.range]) == Array(entry.part.names))
            let start = try #require(placement.hashStart)
            var hashes: [UInt64] = [0xDEAD]
            columns.image.withUnsafeBytes {
                TablePart.appendStoredHashes(count: placement.range.count, from: start, in: $0, to: &hashes)
            }
            #expect(hashes == [0xDEAD] + entry.part.names.map(TypeEntries.hash(of:)))
        }
        #expect(read[2].part.placement(in: columns)?.range == 3..<5)
    }

    /// An image written after one file's edit is the bytes read, in two slices around the edited entry.
    @Test func anImageKeepingMostEntriesIsWrittenAsSlicesOfTheOneRead() {
        var entries = (0..<6).map { index in
            TableImage.Entry(
                path: "F\(index).swift", factsDigest: UInt64(index), interfaceDigest: 0,
                part: TablePart(of: Scanner.scan(bytes: Array("struct T\(index) {}".utf8), runtimeModule: "R")))
        }
        let read = TableImage.decode(TableImage.encode(entries, identity: "1"), identity: "1")
        entries[3].part = TablePart(of: Scanner.scan(bytes: Array("enum E {}".utf8), runtimeModule: "R"))
        let kept = [0, 1, 2, nil, 4, 5]
        let pieces = TableImage.pieces(entries, identity: "1", keeping: kept, of: read)
        #expect(pieces.count == 5, "head, entries 0-2, entry 3, entries 4-5, checksum")
        #expect(Array(pieces.joined()) == TableImage.encode(entries, identity: "1"))
        #expect(TableImage.decode(Array(pieces.joined()), identity: "1").entries == entries)
    }

    /// The run's update keeps no entry it does not make: given only the made ones, asked for in order, the
    /// image is the bytes of one encoded from every entry.
    @Test func anImageIsWrittenFromTheEntriesMadeAlone() {
        var entries = (0..<7).map { index in
            TableImage.Entry(
                path: "F\(index).swift", factsDigest: UInt64(index), interfaceDigest: UInt64(index * 3),
                part: TablePart(of: Scanner.scan(bytes: Array("struct T\(index) {}".utf8), runtimeModule: "R")))
        }
        let read = TableImage.decode(TableImage.encode(entries, identity: "1"), identity: "1")
        entries[0].part = TablePart(of: Scanner.scan(bytes: Array("enum E {}".utf8), runtimeModule: "R"))
        entries.insert(
            TableImage.Entry(path: "G.swift", factsDigest: 9, interfaceDigest: 9, part: TablePart()), at: 4)
        // Entry 0 changed, 4 added, the old 5 removed, the others kept (two of them out of order).
        let kept: [Int?] = [nil, 1, 3, 2, nil, 4, 6, nil]
        entries[7] = TableImage.Entry(path: "H.swift", factsDigest: 7, interfaceDigest: 1, part: TablePart())
        var asked: [Int] = []
        let pieces = TableImage.pieces(count: entries.count, identity: "1", keeping: kept, of: read) { index in
            asked.append(index)
            return entries[index]
        }
        #expect(asked == [0, 4, 7])
        let whole = (0..<entries.count).map { kept[$0].map { read.entries[$0] } ?? entries[$0] }
        #expect(Array(pieces.joined()) == TableImage.encode(whole, identity: "1"))
        #expect(TableImage.decode(Array(pieces.joined()), identity: "1").entries == whole)
    }

    /// Faulting in the pages reserved changes no element, and the capacity asked for is there.
    @Test func reservedPagesKeepTheArraysElements() {
        var small = [1, 2, 3]
        ReservedPages.reserve(&small, capacity: 10)
        #expect(small == [1, 2, 3] && small.capacity >= 10)
        var large = Array(0..<1000)
        ReservedPages.reserve(&large, capacity: 100_000)
        #expect(large == Array(0..<1000) && large.capacity >= 100_000)
        large.append(contentsOf: 1000..<100_000)
        #expect(large == Array(0..<100_000))
        var empty: [String] = []
        ReservedPages.reserve(&empty, capacity: 50_000)
        #expect(empty.isEmpty && empty.capacity >= 50_000)
    }

    /// An entry read keeps its path as the image's bytes: compared in place, read back as the string written.
    @Test func pathsReadAreComparedAsTheirBytes() {
        let paths = ["a.swift", "Sources/Ä/b.swift", "", "Sources/Ä/b.swift2", "c"]
        let written = paths.map { TableImage.Entry(path: $0, factsDigest: 1, interfaceDigest: 2, part: TablePart()) }
        var read = TableImage.decode(TableImage.encode(written, identity: "1"), identity: "1").entries
        #expect(read.map(\.path) == paths && read == written)
        for (index, entry) in read.enumerated() {
            for (other, path) in (paths + ["a.swif", "Sources/A/b.swift", "x"]).enumerated() {
                #expect(entry.hasPath(path) == (path == paths[index]), "\(index) \(other)")
            }
        }
        #expect(
            TableImageMatch(paths: ["c", "a.swift", "Sources/Ä/b.swift2", "new"], image: read).positions == [
                4, 0, 3, nil,
            ])
        read[1].path = "moved.swift"
        #expect(read[1].hasPath("moved.swift") && !read[1].hasPath(paths[1]) && read[1].path == "moved.swift")
    }

    @Test func pathsAreMatchedInOrderPastAddedAndRemovedFiles() {
        let part = TablePart()
        let image = ["a", "b", "c", "d", "e"].map {
            TableImage.Entry(path: $0, factsDigest: 0, interfaceDigest: 0, part: part)
        }
        #expect(TableImageMatch(paths: ["a", "b", "c", "d", "e"], image: image).positions == [0, 1, 2, 3, 4])
        #expect(TableImageMatch(paths: ["a", "c", "e"], image: image).positions == [0, 2, 4])
        #expect(TableImageMatch(paths: ["a", "new", "b", "e"], image: image).positions == [0, nil, 1, 4])
        #expect(TableImageMatch(paths: ["e", "a"], image: image).positions == [4, 0])
    }
}
