import Testing

@testable import DIEngine

/// The walk's order of a directory's entries (`PathOrderKey`) is the byte order of the paths they lead to,
/// with or without a name longer than the 16 bytes compared first.
@Suite struct PathOrderKeyTests {
    private static func ordered(_ entries: [DirectoryEntry]) -> [String] {
        PathOrderKey.sortedIndices(entries).map { index in
            entries[index].kind == .directory ? entries[index].name + "/" : entries[index].name
        }
    }

    /// The key string each entry stands for, sorted by bytes: what the order must be.
    private static func byteOrder(_ entries: [DirectoryEntry]) -> [String] {
        ByteOrder.sorted(entries.map { $0.kind == .directory ? $0.name + "/" : $0.name })
    }

    @Test func aDirectoryCountsAsFollowedByASlash() {
        let entries = [
            DirectoryEntry(name: "a0", kind: .directory), DirectoryEntry(name: "a", kind: .directory),
            DirectoryEntry(name: "a.swift", kind: .file), DirectoryEntry(name: "a-b", kind: .directory),
            DirectoryEntry(name: "ab.swift", kind: .file), DirectoryEntry(name: "B.swift", kind: .file),
        ]
        #expect(Self.ordered(entries) == ["B.swift", "a-b/", "a.swift", "a/", "a0/", "ab.swift"])
        #expect(Self.ordered(entries) == Self.byteOrder(entries))
    }

    /// Names that agree in their first 16 bytes, or are exactly that long, or not ASCII.
    @Test func longAndNonASCIINamesFollowTheirWholeBytes() {
        let names = [
            "ContainersPreviewB.swift", "ContainersPreviewA.swift", "ContainersPreview", "ContainersPrevie",
            "ContainersPreview.swift", "0123456789abcdef", "0123456789abcde", "Ünïcode.swift", "Zebra.swift",
            "éclair.swift", "0123456789abcdef0",
        ]
        let entries = names.enumerated().map { index, name in
            DirectoryEntry(name: name, kind: index % 3 == 0 ? .directory : .file)
        }
        #expect(Self.ordered(entries) == Self.byteOrder(entries))
        #expect(Self.ordered(entries.reversed()) == Self.byteOrder(entries))
    }

    @Test func equalNamesKeepNoParticularOrderButStayTogether() {
        let entries = [
            DirectoryEntry(name: "x.swift", kind: .file), DirectoryEntry(name: "a.swift", kind: .file),
            DirectoryEntry(name: "x.swift", kind: .file),
        ]
        #expect(Self.ordered(entries) == ["a.swift", "x.swift", "x.swift"])
    }
}
