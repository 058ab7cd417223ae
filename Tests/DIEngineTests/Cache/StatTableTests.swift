import Testing

@testable import DIEngine

/// The stat table keeps the stored entries in their byte order, by position, and the keys added since beside
/// them (`StatTable`): whichever way an entry got there, it reads like a dictionary of the same entries.
@Suite struct StatTableTests {
    private static func entry(_ hash: UInt64) -> CacheEntry {
        CacheEntry(
            status: FileStatus(size: 1, modificationTime: 1, inode: hash), contentHash: hash, needsVerification: false,
            encodedFacts: [])
    }

    private static let keys = ["/p/A.swift", "/p/B/a.swift", "/p/B/b.swift", "/p/C.swift"]

    private static func stored() -> StatTable {
        StatTable(sortedSlots: keys.enumerated().map { StatTable.Slot(key: $1, entry: entry(UInt64($0))) })
    }

    @Test func storedKeysAreFoundByPositionAndByKey() {
        let table = Self.stored()
        #expect(table.count == 4 && table.storedCount == 4)
        for (position, key) in Self.keys.enumerated() {
            #expect(table.position(of: key) == position)
            #expect(table.key(at: position) == key)
            #expect(table[key] == Self.entry(UInt64(position)))
        }
        #expect(table.position(of: "/p/B") == nil && table["/p/B.swift"] == nil && table["/p/D.swift"] == nil)
    }

    /// A removed entry keeps its slot (the positions of the others stay), a new key goes beside the slots,
    /// and the table still lists its entries in byte order.
    @Test func removedAndAddedKeysBetweenStoredOnes() {
        var table = Self.stored()
        #expect(table.removeValue(forKey: "/p/B/a.swift") == Self.entry(1))
        #expect(table.removeValue(forKey: "/p/B/a.swift") == nil)
        #expect(table.updateValue(Self.entry(9), forKey: "/p/B.swift") == nil)
        table["/p/0.swift"] = Self.entry(8)
        #expect(table.count == 5 && table.storedCount == 4)
        #expect(table.position(of: "/p/B/b.swift") == 2 && table.entry(at: 1) == nil)
        #expect(table.keys == ["/p/0.swift", "/p/A.swift", "/p/B.swift", "/p/B/b.swift", "/p/C.swift"])
        #expect(table["/p/B.swift"] == Self.entry(9))
        // Set again where it was removed: back in its slot.
        table["/p/B/a.swift"] = Self.entry(7)
        #expect(table.entry(at: 1) == Self.entry(7) && table.count == 6)
        table["/p/B.swift"] = nil
        #expect(table.count == 5 && table["/p/B.swift"] == nil)
    }

    /// Tables with the same entries are equal however they were built, and only then.
    @Test func equalityIsThatOfTheEntries() {
        var table = Self.stored()
        let dictionary = Dictionary(uniqueKeysWithValues: Self.keys.enumerated().map { ($1, Self.entry(UInt64($0))) })
        #expect(table == StatTable(dictionary))
        table["/p/C.swift"] = nil
        table["/p/D.swift"] = Self.entry(3)
        #expect(table != StatTable(dictionary))
        var moved = dictionary
        moved["/p/C.swift"] = nil
        moved["/p/D.swift"] = Self.entry(3)
        #expect(table == StatTable(moved))
    }

    /// The file keeps the table in byte order; one that does not (or holds a path twice) is not used.
    @Test func aStatTableOutOfOrderIsRejected() throws {
        let entries: StatTable = ["/p/A.swift": Self.entry(1), "/p/B.swift": Self.entry(2)]
        let identity = CacheIdentity(toolVersion: "1.0.0", runtimeModule: "DIRuntime")
        var bytes = CacheFileFormat.encode(CacheFileFormat.Contents(identity: identity, run: nil, entries: entries))
        #expect((try? CacheFileFormat.decode(bytes, expecting: identity).get())?.entries == entries)
        let places = ["/p/A.swift", "/p/B.swift"].map { Self.place(of: $0, in: bytes) }
        for (first, second) in [("/p/B.swift", "/p/A.swift"), ("/p/A.swift", "/p/A.swift")] {
            var swapped = bytes
            swapped.replaceSubrange(places[0], with: Array(first.utf8))
            swapped.replaceSubrange(places[1], with: Array(second.utf8))
            Self.resealHead(&swapped)
            #expect(throws: CacheFileFormat.Rejection.malformed(.invalid("stat table order"))) {
                try CacheFileFormat.decode(swapped, expecting: identity).get()
            }
        }
        Self.resealHead(&bytes)
        #expect((try? CacheFileFormat.decode(bytes, expecting: identity).get())?.entries == entries)
    }

    private static func place(of text: String, in bytes: [UInt8]) -> Range<Int> {
        let text = Array(text.utf8)
        let start = (0...(bytes.count - text.count)).first { Array(bytes[$0..<($0 + text.count)]) == text }!
        return start..<(start + text.count)
    }

    /// Sets the head checksum again after the head was changed.
    private static func resealHead(_ bytes: inout [UInt8]) {
        let length = bytes[12..<20].reversed().reduce(0) { $0 << 8 | Int($1) }
        let checksum = Fingerprint.xxh3(bytes[..<(length - 8)])
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange((length - 8)..<length, with: $0) }
    }
}
