import Testing

@testable import DIEngine

/// Applying a record's changes (`TableChanges.move(into:)`): the entries move into the table and the
/// changes are left empty, so releasing them releases nothing the table holds.
@Suite struct TableChangesTests {
    @Test func movingChangesUpsertsAndRemovesAndLeavesNone() {
        var table = ["Kept": [1], "Replaced": [2], "Gone": [3]]
        var changes = TableChanges<String, [Int]>(
            upserts: [(key: "Replaced", value: [20]), (key: "Added", value: [4])], removals: ["Gone"])
        changes.move(into: &table)
        #expect(table == ["Kept": [1], "Replaced": [20], "Added": [4]])
        #expect(changes.isEmpty)
    }

    @Test func movingUnitsKeepsTheirBytesBesideThem() {
        var units = ["Gone": 1]
        var bytes: [String: ArraySlice<UInt8>] = ["Gone": [9]]
        var changes = TableChanges<String, (unit: Int, bytes: ArraySlice<UInt8>?)>(
            upserts: [(key: "Read", value: (unit: 2, bytes: [7, 8])), (key: "Linked", value: (unit: 3, bytes: nil))],
            removals: ["Gone"])
        changes.move(into: &units, bytes: &bytes)
        #expect(units == ["Read": 2, "Linked": 3])
        #expect(bytes == ["Read": [7, 8]])
        #expect(changes.isEmpty)
    }
}
