import Testing

@testable import DIEngine

/// A link state record's string table and digest pool (`LinkStateWriter`, `LinkStateReader`): each distinct
/// string is stored once, strings read back byte for byte, digest lists read back as slices of one pool, and
/// an index or count past the tables is rejected.
@Suite struct LinkStateStringsTests {
    private func payload(_ write: (inout LinkStateWriter) -> Void) -> [UInt8] {
        var writer = LinkStateWriter()
        write(&writer)
        var bytes = ByteWriter()
        writer.payload(into: &bytes)
        return bytes.bytes
    }

    private func read<Value>(
        _ bytes: [UInt8], _ body: (inout LinkStateReader) throws(BinaryCodingError) -> Value
    ) throws -> Value {
        try bytes.withUnsafeBytes { buffer in
            var reader = LinkStateReader(ByteReader(buffer))
            try reader.readTables()
            let value = try body(&reader)
            guard reader.isAtEnd else { throw BinaryCodingError.invalid("bytes left") }
            return value
        }
    }

    @Test func eachDistinctStringIsStoredOnce() throws {
        let name = "Feature049.File04999ServiceImplementation"
        let once = payload { $0.writeString(name) }
        let many = payload { writer in for _ in 0..<100 { writer.writeString(name) } }
        // A repeat costs its one-byte index, not the string again.
        #expect(many.count == once.count + 99)
        let strings = try read(many) { reader throws(BinaryCodingError) in
            try (0..<100).map { _ throws(BinaryCodingError) in try reader.readString() }
        }
        #expect(strings == Array(repeating: name, count: 100))
    }

    @Test func canonicallyEquivalentSpellingsStayApart() throws {
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(composed == decomposed)
        let bytes = payload { writer in
            writer.writeString(composed)
            writer.writeString(decomposed)
            writer.writeOptionalString(nil)
            writer.writeOptionalString(decomposed)
        }
        let read = try read(bytes) { reader throws(BinaryCodingError) in
            [try reader.readString(), try reader.readString(), try reader.readOptional(), try reader.readOptional()]
        }
        let utf8 = { (strings: [String?]) in strings.map { $0.map { Array($0.utf8) } } }
        #expect(utf8(read) == utf8([composed, decomposed, nil, decomposed]))
    }

    @Test func digestListsReadBackInOrderFromOnePool() throws {
        let lists: [[UInt64]] = [[1, 2, 3], [], [UInt64.max], [7, 7]]
        let bytes = payload { writer in
            for list in lists {
                writer.writeDigests(list)
                writer.writeString("between")
            }
        }
        let read = try read(bytes) { reader throws(BinaryCodingError) in
            try lists.map { _ throws(BinaryCodingError) in
                let list = try reader.readDigests()
                _ = try reader.readString()
                return Array(list)
            }
        }
        #expect(read == lists)
    }

    @Test func anIndexOrCountPastTheTablesIsRejected() {
        // One string and two digests in the tables, then an entry naming a third string.
        var bytes = payload { writer in
            writer.writeString("only")
            writer.writeDigests([1, 2] as [UInt64])
        }
        bytes[bytes.count - 2] = 1
        #expect(throws: BinaryCodingError.invalid("string index")) {
            try self.read(bytes) { reader throws(BinaryCodingError) in try reader.readString() }
        }
        // An optional string is its index plus one: 2 names the second.
        bytes[bytes.count - 2] = 2
        #expect(throws: BinaryCodingError.invalid("string index")) {
            try self.read(bytes) { reader throws(BinaryCodingError) in try reader.readOptional() ?? "" }
        }
        let tooMany = payload { writer in writer.writeDigests([1, 2] as [UInt64]) }
        var damaged = tooMany
        damaged[damaged.count - 1] = 3
        #expect(throws: BinaryCodingError.invalid("digest count")) {
            try self.read(damaged) { reader throws(BinaryCodingError) in try reader.readDigests() }
        }
    }

    @Test func kindsAndScopesReadBackByNameAndAnUnknownNameIsRejected() throws {
        // Each value read twice or more, among other strings: the second read of a name finds the value
        // the first made, whatever was read between.
        let kinds: [RegistrationKind] = [.factory, .component, .factory, .lazyAutowired, .component, .factory]
        let scopes: [ScopeName] = [.singleton, .prototype, .singleton]
        let declarationKinds: [DeclarationKind?] = [.class, nil, .struct, .class]
        let bytes = payload { writer in
            for kind in kinds {
                writer.writeString(kind.rawValue)
                writer.writeString("between")
            }
            for scope in scopes { writer.writeString(scope.rawValue) }
            for kind in declarationKinds { writer.writeOptionalString(kind?.rawValue) }
        }
        let read = try read(bytes) { reader throws(BinaryCodingError) in
            let readKinds = try kinds.map { _ throws(BinaryCodingError) in
                let kind = try reader.readRegistrationKind()
                #expect(try reader.readString() == "between")
                return kind
            }
            let readScopes = try scopes.map { _ throws(BinaryCodingError) in try reader.readScope() }
            let readDeclarationKinds = try declarationKinds.map { _ throws(BinaryCodingError) in
                try reader.readOptionalDeclarationKind()
            }
            return (readKinds, readScopes, readDeclarationKinds)
        }
        #expect(read.0 == kinds)
        #expect(read.1 == scopes)
        #expect(read.2 == declarationKinds)
        // A name that is no case, read first or after a known one from the same index, is a damaged record.
        let unknown = payload { writer in
            writer.writeString("component")
            writer.writeString("components")
        }
        #expect(throws: BinaryCodingError.invalid("enum name")) {
            try self.read(unknown) { reader throws(BinaryCodingError) in
                [try reader.readRegistrationKind(), try reader.readRegistrationKind()]
            }
        }
        #expect(throws: BinaryCodingError.invalid("enum name")) {
            try self.read(unknown) { reader throws(BinaryCodingError) in
                _ = try reader.readString()
                return try reader.readScope()
            }
        }
    }

    @Test func storedReadsApplyAppendedChangesLikeASet() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var expected = Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt64.random(in: 0..<24) })
            var stored = StoredReads(base: DigestList(expected.sorted()))
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let next = Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt64.random(in: 0..<24) })
                let changes = ReadChanges(from: expected, to: next)
                stored.apply(changes)
                expected = next
            }
            #expect(stored.reads.count == expected.count)
            #expect(Set(stored.reads) == expected)
        }
    }

    @Test func aDigestListIsItsRangeOfThePoolInSixteenBytes() {
        let pool: [UInt64] = [5, 6, 7, 8, 9]
        pool.withUnsafeBufferPointer { pool in
            let list = DigestList(pool: pool.baseAddress, range: 1..<4)
            #expect(Array(list) == [6, 7, 8])
            #expect(list == [6, 7, 8] && list == DigestList([6, 7, 8]))
            #expect(list != DigestList(pool: pool.baseAddress, range: 1..<3))
            #expect(DigestList(pool: pool.baseAddress, range: 2..<2) == [])
            #expect(list.contains(7) && !list.contains(5))
        }
        #expect(MemoryLayout<DigestList>.size == 16)
    }

    @Test func aDigestListMadeFromAnArrayKeepsItsOwnCopy() {
        var digests: [UInt64] = [3, 1, 2]
        let list = DigestList(digests)
        digests[0] = 9
        digests.removeAll()
        #expect(Array(list) == [3, 1, 2])
        #expect(DigestList([]).isEmpty && DigestList([]) == [])
    }

    @Test func readStringsAreEqualToTheWrittenOnesAndOutliveTheBytesRead() throws {
        let strings = [
            "Feature049.File04999ServiceImplementation", "short", "", "Sources/Feature049/File04999.swift",
            "Caf\u{E9}Service\u{301}WithAccentsLongerThan15", String(repeating: "x", count: 16),
        ]
        var bytes = payload { writer in for string in strings { writer.writeString(string) } }
        let read = try read(bytes) { reader throws(BinaryCodingError) in
            try strings.map { _ throws(BinaryCodingError) in try reader.readString() }
        }
        // The bytes read are overwritten: the strings read must not point into them.
        for index in bytes.indices { bytes[index] = 0 }
        #expect(read.map { Array($0.utf8) } == strings.map { Array($0.utf8) })
        #expect(Set(read) == Set(strings) && read.map(\.hashValue) == strings.map(\.hashValue))
    }

    /// Bytes that are never freed (a mapped file, `isPermanent`) give strings and digest lists over them: a
    /// change to the bytes shows in what was read. Long ASCII strings only; other strings, and a pool not on
    /// a multiple of 8, are copied as from any other bytes.
    @Test func permanentBytesHoldTheLongStringsAndDigestListsRead() throws {
        let long = "Feature049.File04999ServiceImplementation"
        let accented = "Caf\u{E9}ServiceWithAccentsLongerThan15"
        let payload = payload { writer in
            writer.writeString(long)
            writer.writeString("short")
            writer.writeString(accented)
            writer.writeDigests([11, 12, 13] as [UInt64])
        }
        for shift in [0, 1] {
            // Leaked on purpose, as a mapping is kept.
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: payload.count + shift, alignment: 8)
            let bytes = UnsafeMutableRawBufferPointer(rebasing: memory[shift...])
            bytes.copyBytes(from: payload)
            var reader = LinkStateReader(ByteReader(UnsafeRawBufferPointer(bytes)), isPermanent: true)
            try reader.readTables()
            let strings = [try reader.readString(), try reader.readString(), try reader.readString()]
            let digests = try reader.readDigests()
            #expect(reader.isAtEnd)
            #expect(strings == [long, "short", accented] && Array(digests) == [11, 12, 13])
            #expect(PermanentStrings.isImmortal(strings[0]) == PermanentStrings.isAvailable)
            #expect(strings[0].withCString { String(cString: $0) } == long)
            // Overwrite the bytes: only what was made over them changes.
            let longStart = try #require(bytes.firstRange(of: Array(long.utf8))).lowerBound
            bytes[longStart] = UInt8(ascii: "X")
            let poolStart = try #require(bytes.firstRange(of: withUnsafeBytes(of: UInt64(12).littleEndian, Array.init)))
            bytes[poolStart.lowerBound] = 99
            let accentedStart = try #require(bytes.firstRange(of: Array(accented.utf8))).lowerBound
            bytes[accentedStart] = UInt8(ascii: "X")
            #expect(strings[0].hasPrefix("X") == PermanentStrings.isAvailable)
            #expect(strings[1] == "short" && strings[2] == accented)
            #expect(Array(digests) == (shift == 0 ? [11, 99, 13] : [11, 12, 13]))
        }
    }
}
