import Testing

@testable import DIEngine

/// Reading a link state record into its changes or, for a base record, straight into a state's tables
/// (`LinkStateRecordTarget`): both give the same state.
@Suite struct LinkStateRecordTargetTests {
    private func record(_ changes: LinkStateChanges) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeLinkStateChanges(changes)
        return writer.bytes
    }

    private func read<Target: LinkStateRecordTarget>(_ bytes: [UInt8], into target: inout Target) throws {
        try bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            try reader.readLinkStateRecord(into: &target)
            #expect(reader.isAtEnd)
        }
    }

    @Test func aBaseReadIntoTheTablesIsTheBaseReadAsChangesAndApplied() throws {
        for state in try LinkStateFileTests.states() {
            let bytes = record(LinkStateChanges(from: .empty, to: state))
            var tables = LinkStateTables()
            try read(bytes, into: &tables)
            var changes = LinkStateChanges()
            try read(bytes, into: &changes)
            var applied = LinkState.empty
            changes.move(into: &applied)

            let taken = tables.takeState()
            #expect(taken == state && applied == state)
            #expect(tables.types.isEmpty && tables.typeUnits.isEmpty)
        }
    }

    @Test func locationsNamingTheFileBeforeThemReadAsWritten() throws {
        let locations = [
            SourceLocation(path: "Sources/Feature/AVeryLongFileName.swift", line: 3, column: 7),
            SourceLocation(path: "Sources/Feature/AVeryLongFileName.swift", line: 9, column: 1),
            SourceLocation(path: "Sources/Feature/AVeryLongFileNamf.swift", line: 2, column: 2),
            SourceLocation(path: "", line: 1, column: 1),
            SourceLocation(path: "", line: 1, column: 2),
            SourceLocation(path: "Sources/Feature/AVeryLongFileName.swift", line: 4, column: 4),
        ]
        var writer = ByteWriter()
        for location in locations { writer.writeLocation(location) }
        writer.writeLocation(nil)
        let read = try writer.bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try (0...locations.count).map { _ throws(BinaryCodingError) in try reader.readLocation() }
        }
        #expect(read == locations + [nil])
    }
}
