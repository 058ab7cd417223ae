import Foundation
import Testing

@testable import DIEngine

@Suite struct FactsCodecTests {
    /// The scanner's facts of every scan fixture (realistic shapes: calls, wrappers, conditions, syntax
    /// errors, nested types, …) plus the hand-made samples.
    static let corpus: [(name: String, facts: FileFacts)] = {
        let directory = ScanFixture.directory.path
        let names = (FileManager.default.subpaths(atPath: directory) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let scanned = names.map { name in
            (
                name,
                DIEngine.Scanner.scan(bytes: (try? ScanFixture.bytes(name)) ?? [], runtimeModule: "DIRuntime")
            )
        }
        return scanned + [0, 1, 15, 35].map { ("sample \($0)", SampleFacts.make($0)) } + [("empty", FileFacts())]
    }()

    @Test func everyFactShapeRoundTrips() throws {
        #expect(Self.corpus.count > 20)
        for (name, facts) in Self.corpus {
            #expect(try FactsReader.read(FactsCodec.encode(facts)[...]) == facts, "\(name)")
        }
        var flags = FileFacts()
        flags.skipped = true
        flags.invalidUTF8 = true
        #expect(try FactsReader.read(FactsCodec.encode(flags)[...]) == flags)
    }

    @Test func theCorpusCoversEveryDetailField() {
        let declarations = Self.corpus.flatMap(\.facts.declarations)
        #expect(declarations.contains { !$0.initializers.isEmpty })
        #expect(declarations.contains { !$0.injectMethods.isEmpty })
        #expect(declarations.contains { !$0.properties.flatMap(\.wrappers).isEmpty })
        #expect(declarations.contains { !$0.configCalls.isEmpty })
        #expect(declarations.contains { !$0.injectCalls.isEmpty })
        #expect(declarations.contains { !$0.injectPropertyCalls.isEmpty })
        #expect(declarations.contains { $0.configPropertyTarget != nil })
        #expect(declarations.contains { !$0.scopeValues.isEmpty && !$0.qualifierValues.isEmpty })
        #expect(Self.corpus.contains { !$0.facts.diagnostics.isEmpty })
    }

    @Test func enumCodesNameEveryCase() throws {
        for kind in DeclarationKind.byCode { #expect(DeclarationKind.byCode[Int(kind.code)] == kind) }
        for access in AccessLevel.byCode { #expect(AccessLevel.byCode[Int(access.code)] == access) }
        for scope in ScopeName.byCode { #expect(ScopeName.byCode[Int(scope.code)] == scope) }
        for kind in PropertyWrapperKind.byCode { #expect(PropertyWrapperKind.byCode[Int(kind.code)] == kind) }
        for severity in Severity.byCode { #expect(Severity.byCode[Int(severity.code)] == severity) }
        var facts = SampleFacts.make(2)
        for (index, kind) in DeclarationKind.byCode.enumerated() {
            var declaration = facts.declarations[0]
            declaration.kind = kind
            declaration.access = AccessLevel.byCode[index]
            declaration.scopeValues = ScopeName.byCode.map {
                ScopeValueFact(value: $0, text: "\($0)", position: .init(line: 1, column: 1))
            }
            facts.declarations.append(declaration)
        }
        #expect(try FactsReader.read(FactsCodec.encode(facts)[...]) == facts)
    }

    @Test func interfaceReadEqualsFullReadWithoutDetail() throws {
        for (name, facts) in Self.corpus {
            let blob = FactsCodec.encode(facts)[...]
            #expect(try FactsReader.readInterface(blob) == facts.interface, "\(name)")
            // The interface bytes are a prefix of the blob's content, independent of the detail.
            var detailChanged = facts
            // Detail changed without changing whether the file has DI facts (a flag of the interface).
            for index in detailChanged.declarations.indices {
                detailChanged.declarations[index].injectMethods = []
                detailChanged.declarations[index].initializers.append(
                    InitializerFact(parameters: [], position: .init(line: 9, column: 9)))
            }
            #expect(
                try FactsCodec.interfaceBytes(of: FactsCodec.encode(detailChanged)[...])
                    == FactsCodec.interfaceBytes(of: blob),
                "\(name)")
        }
    }

    @Test func truncationAtEveryOffsetFailsCleanly() throws {
        for (name, facts) in Self.corpus
        where name.hasPrefix("sample") || name == "Calls.swift" || name == "Wrappers.swift" {
            let blob = FactsCodec.encode(facts)
            let interfaceEnd = try FactsCodec.interfaceBytes(of: blob[...]).endIndex
            for length in 0..<blob.count {
                #expect(throws: BinaryCodingError.self, "\(name) at \(length)") {
                    try FactsReader.read(blob[..<length])
                }
                if length < interfaceEnd {
                    #expect(throws: BinaryCodingError.self, "\(name) at \(length)") {
                        try FactsReader.readInterface(blob[..<length])
                    }
                }
            }
            #expect(throws: BinaryCodingError.invalid("trailing bytes")) { try FactsReader.read(blob[...] + [0]) }
        }
    }

    @Test func garbageAndFlippedBytesNeverCrash() throws {
        let valid = FactsCodec.encode(SampleFacts.make(3))
        var generator = SplitMix64(seed: 0xD1B0)
        var decodedSomething = 0
        for _ in 0..<3000 {
            let length = Int(generator.next() % 512)
            let garbage = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if (try? FactsReader.read(garbage[...])) != nil { decodedSomething += 1 }
            _ = try? FactsReader.readInterface(garbage[...])
        }
        // Every byte of a valid encoding overwritten in turn: decoding may succeed (a changed character), but
        // must never crash.
        for index in valid.indices {
            var corrupt = valid
            corrupt[index] = UInt8(truncatingIfNeeded: generator.next()) | 0x80
            _ = try? FactsReader.read(corrupt[...])
            _ = try? FactsReader.readInterface(corrupt[...])
        }
        #expect(decodedSomething < 3000)
    }

    @Test func hugeCountsAreRejectedBeforeAllocating() throws {
        var writer = ByteWriter()
        writer.writeVarint(3)  // interface length
        writer.writeByte(0)  // flags
        writer.writeVarint(UInt64(1) << 62)  // import count
        #expect(throws: BinaryCodingError.self) { try FactsReader.read(writer.bytes[...]) }
        var string = ByteWriter()
        string.writeVarint(UInt64.max)
        #expect(throws: BinaryCodingError.self) { try FactsReader.read(string.bytes[...]) }
    }

    @Test func encodingIsCanonicalAndCompact() throws {
        let facts = SampleFacts.make(42)
        let bytes = FactsCodec.encode(facts)
        #expect(FactsCodec.encode(try FactsReader.read(bytes[...])) == bytes)
        // No key names: far smaller than the JSON of the same facts (about 4 KB).
        #expect(bytes.count < 1000)
        #expect(FactsCodec.encode(FileFacts()).count == 6)
    }

    @Test func buildRecordRoundTripsAndRejectsDamage() throws {
        let record = BuildRecord(
            factsDigest: 0xFEED_FACE,
            diagnostics: [
                .warning(
                    "V07", "unused", at: SourceLocation(path: "a.swift", line: 3, column: 4),
                    notes: [DiagnosticNote("here")]),
                .warning("O03", "no location"),
            ],
            depfile: BuildRecord.RecordedFile(
                path: "out.d", bytes: Array("out: a.swift\n".utf8)[...], key: 0xDEAD_BEEF,
                diagnostics: [.warning("O06", "unreadable", at: SourceLocation(path: "a b.swift", line: 1, column: 1))]),
            outputs: [
                BuildRecord.OutputStamp(path: "F.swift", size: 12, modificationTime: -5, contentHash: 7),
                BuildRecord.OutputStamp(path: "r.yml", size: 0, modificationTime: nil, contentHash: .max),
            ])
        let bytes = record.encoded()
        #expect(BuildRecord.decode(bytes) == record)
        for length in 0..<bytes.count { #expect(BuildRecord.decode(Array(bytes[..<length])) == nil) }
        #expect(BuildRecord.decode(bytes + [0]) == nil)
        var keyless = record
        keyless.depfile?.key = nil
        keyless.depfile?.diagnostics = []
        #expect(BuildRecord.decode(keyless.encoded()) == keyless)
    }

    /// A replay writes the recorded depfile as a slice of the record's payload: exactly the bytes recorded,
    /// whatever precedes them (a long path makes the length's varint take two bytes).
    @Test func aDecodedDepfileIsExactlyTheRecordedBytes() throws {
        let text = "build/F.swift: " + (0..<40).map { "Sources/é\($0).swift" }.joined(separator: " \\\n  ") + "\n"
        let record = BuildRecord(
            factsDigest: 1, diagnostics: [.warning("O03", "note")],
            depfile: BuildRecord.RecordedFile(path: "build/" + String(repeating: "d", count: 200) + ".d", text: text),
            outputs: [])
        let decoded = try #require(BuildRecord.decode(record.encoded()))
        #expect(Array(try #require(decoded.depfile).bytes) == Array(text.utf8))
        #expect(decoded.depfile?.path == record.depfile?.path)
    }
}

extension FileFacts {
    /// These facts with every declaration's detail dropped: what `FactsReader.readInterface` returns.
    var interface: FileFacts {
        var facts = self
        for index in facts.declarations.indices {
            facts.declarations[index].initializers = []
            facts.declarations[index].injectMethods = []
            facts.declarations[index].properties = []
            facts.declarations[index].configCalls = []
            facts.declarations[index].injectCalls = []
            facts.declarations[index].injectPropertyCalls = []
            facts.declarations[index].configPropertyTarget = nil
            facts.declarations[index].configPropertyTargetPosition = nil
        }
        return facts
    }
}

/// A small deterministic generator, so that failures reproduce.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
