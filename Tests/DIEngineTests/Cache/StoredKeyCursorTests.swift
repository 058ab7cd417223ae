import Testing

@testable import DIEngine

/// The precheck finds the stat table's own keys for the walk's candidates by going through the table
/// beside them (`StoredKeyCursor`): a key it gives is always the one `AbsolutePath` would build, and
/// anything it cannot match byte for byte, in order, is left to the usual lookup.
@Suite struct StoredKeyCursorTests {
    private static let directory = "/work/app"
    private static let stored = [
        "/work/app/A.swift", "/work/app/Sources/a-b.swift", "/work/app/Sources/a/x.swift", "/work/app/Sources/b.swift",
        "/work/app/Sources/b.swift2", "/work/app/z.swift", "/work/appendix/c.swift",
    ]

    /// The cursor over a table of `keys`, giving the keys of the positions it finds.
    private struct KeyCursor {
        var cursor: StoredKeyCursor
        let table: StatTable

        mutating func key(for file: String) -> String? { cursor.position(for: file).map(table.key(at:)) }
    }

    private static func cursor(_ keys: [String] = stored, directory: String = directory) -> KeyCursor? {
        let entry = CacheEntry(
            status: FileStatus(size: 1, modificationTime: 1, inode: 1), contentHash: 1, needsVerification: false,
            encodedFacts: [])
        let table = StatTable(sortedSlots: keys.map { StatTable.Slot(key: $0, entry: entry) })
        return StoredKeyCursor(table: table, directory: directory).map { KeyCursor(cursor: $0, table: table) }
    }

    @Test func candidatesInTableOrderGetTheStoredKeys() throws {
        var cursor = try #require(Self.cursor())
        let files = ["A.swift", "Sources/a-b.swift", "Sources/a/x.swift", "Sources/b.swift", "z.swift"]
        for file in files {
            #expect(cursor.key(for: file) == AbsolutePath.of(file, relativeTo: Self.directory))
        }
        #expect(cursor.key(for: "zz.swift") == nil)
    }

    /// Files the table does not hold give nil without losing the place of those after them.
    @Test func filesNotInTheTableGiveNil() throws {
        var cursor = try #require(Self.cursor())
        #expect(cursor.key(for: "0.swift") == nil)
        #expect(cursor.key(for: "Sources/a.swift") == nil)
        #expect(cursor.key(for: "Sources/a/x.swift") == "/work/app/Sources/a/x.swift")
        #expect(cursor.key(for: "Sources/b") == nil)
        #expect(cursor.key(for: "Sources/b.swift2") == "/work/app/Sources/b.swift2")
        #expect(cursor.key(for: "z.swift") == "/work/app/z.swift")
    }

    /// A candidate before the cursor (out of order, or the same file twice) is not found again.
    @Test func candidatesOutOfOrderGiveNil() throws {
        var cursor = try #require(Self.cursor())
        #expect(cursor.key(for: "Sources/b.swift") == "/work/app/Sources/b.swift")
        #expect(cursor.key(for: "Sources/b.swift") == nil)
        #expect(cursor.key(for: "A.swift") == nil)
        #expect(cursor.key(for: "z.swift") == "/work/app/z.swift")
    }

    /// Paths that are not the plain concatenation of two normalised parts never match a stored key.
    @Test func unnormalisedPathsGiveNil() throws {
        var cursor = try #require(Self.cursor())
        #expect(cursor.key(for: "./A.swift") == nil)
        #expect(cursor.key(for: "Sources//a/x.swift") == nil)
        #expect(cursor.key(for: "Sources/a/../b.swift") == nil)
        #expect(cursor.key(for: "z.swift") == "/work/app/z.swift")
    }

    @Test func aDirectoryThatIsNotNormalisedOrTheRootGivesNoCursor() {
        #expect(Self.cursor(directory: "/") == nil)
        #expect(Self.cursor(directory: "/work/app/") == nil)
        #expect(Self.cursor(directory: "/work/./app") == nil)
        #expect(Self.cursor(directory: "work/app") == nil)
        #expect(Self.cursor(directory: "/work/app") != nil)
    }

    @Test func anEmptyTableGivesNil() throws {
        var cursor = try #require(Self.cursor([]))
        #expect(cursor.key(for: "A.swift") == nil)
    }
}
