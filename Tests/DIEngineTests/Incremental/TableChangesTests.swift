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

}
