import Testing

@testable import DIEngine

/// `LocalDisk` lists directories through `DirectoryRecords` (`getdents64` on Linux).
@Suite struct DirectoryRecordsTests {
    /// More records than one buffer holds (32 KB): the listing reads on until the end.
    @Test func listsADirectoryLargerThanOneBuffer() throws {
        let tree = try TemporaryTree()
        let names = (0..<1_200).map { "AFileWithAFairlyLongNameToFillTheBuffer\($0).swift" }
        for name in names { try tree.write("Sources/\(name)", "") }
        try tree.makeDirectory("Sources/Nested")
        let entries = try #require(LocalDisk.entries(ofDirectory: tree.path("Sources")))
        #expect(entries.count == names.count + 1)
        #expect(Set(entries.map(\.name)) == Set(names + ["Nested"]))
        #expect(entries.allSatisfy { $0.kind == ($0.name == "Nested" ? .directory : .file) })
        #expect(entries.allSatisfy { ($0.status != nil) == ($0.name != "Nested") })
    }

    @Test func aFileOrAMissingPathIsNoDirectory() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/A.swift")
        #expect(LocalDisk.entries(ofDirectory: tree.path("Sources/A.swift")) == nil)
        #expect(LocalDisk.entries(ofDirectory: tree.path("Missing")) == nil)
        #expect(LocalDisk.entries(ofDirectory: tree.path("Sources"))?.map(\.name) == ["A.swift"])
    }

    @Test func recordsIncludeDotAndDotDotButEntriesDoNot() throws {
        let tree = try TemporaryTree()
        try tree.write("Sources/.hidden.swift")
        var names: [String] = []
        let listed = DirectoryRecords.forEach(inDirectory: tree.path("Sources")) { name, _, _ in
            names.append(String(cString: name))
        }
        #expect(listed)
        #expect(names.sorted() == [".", "..", ".hidden.swift"])
        #expect(LocalDisk.entries(ofDirectory: tree.path("Sources"))?.map(\.name) == [".hidden.swift"])
    }
}
