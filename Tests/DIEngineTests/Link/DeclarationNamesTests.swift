import Testing

@testable import DIEngine

/// The type table's names per declaration point into the table image's shared column for kept parts and
/// answer as names copied would.
@Suite struct DeclarationNamesTests {
    @Test func keptPartsPointIntoTheSharedColumnAndOthersAreCopied() {
        let column = ["A", "A.Inner", "B", "C", "D"]
        var names = DeclarationNames()
        names.append(PartColumn(column, offset: 2, count: 2))
        names.append(contentsOf: ["X", "Y"])
        names.append(PartColumn(column, offset: 0, count: 2))
        names.append(PartColumn(["Own"]))
        names.append(PartColumn(column, offset: 4, count: 0))
        #expect((0..<5).map(names.isShared(file:)) == [true, false, true, false, false])
        #expect((0..<5).map(names.names(inFile:)) == [["B", "C"], ["X", "Y"], ["A", "A.Inner"], ["Own"], []])
        #expect(names[DeclarationRef(file: 2, index: 1)] == "A.Inner")
        #expect(names[DeclarationRef(file: 1, index: 0)] == "X")
        #expect(names[DeclarationRef(file: 0, index: 2)] == nil)
        #expect(names[DeclarationRef(file: 4, index: 0)] == nil)
        #expect(names[DeclarationRef(file: 5, index: 0)] == nil)
        names.replace(namesInFile: 0, with: ["Renamed", "C", "More"])
        #expect(!names.isShared(file: 0))
        #expect(names.names(inFile: 0) == ["Renamed", "C", "More"])
        #expect(names.names(inFile: 2) == ["A", "A.Inner"], "other files keep their names")
        #expect(names.count(inFile: 0) == 3 && names.count(inFile: 1) == 2)
    }

    /// The first column met of only its own names is not taken as the shared one: a part made from facts
    /// before the kept ones leaves them pointing into the image's column.
    @Test func aPartOfItsOwnDoesNotBecomeTheSharedColumn() {
        let column = ["A", "B", "C"]
        var names = DeclarationNames()
        names.append(PartColumn(["New"]))
        names.append(PartColumn(column, offset: 1, count: 2))
        #expect(!names.isShared(file: 0) && names.isShared(file: 1))
        #expect(names.names(inFile: 1) == ["B", "C"])
    }

    /// On a run that keeps parts from the image, the table's names of the kept files are the image's.
    @Test func aTableFromAnImagePointsIntoItsColumn() {
        let sources = ["struct A { struct Inner {} }", "enum B {}", "extension A: Component {}"]
        let entries = sources.enumerated().map { index, source in
            TableImage.Entry(
                path: "F\(index).swift", factsDigest: UInt64(index), interfaceDigest: 0,
                part: TablePart(of: Scanner.scan(bytes: Array(source.utf8), runtimeModule: "R")))
        }
        let read = TableImage.decode(TableImage.encode(entries, identity: "1"), identity: "1").entries
        let edited = TablePart(of: Scanner.scan(bytes: Array("enum B {}\nstruct E {}".utf8), runtimeModule: "R"))
        let parts = [read[0].part, edited, read[2].part]
        let facts = ["struct A { struct Inner {} }", "enum B {}\nstruct E {}", "extension A: Component {}"].map {
            Scanner.scan(bytes: Array($0.utf8), runtimeModule: "R")
        }
        let table = TypeTable(
            sources: LinkSources(
                paths: ["F0.swift", "F1.swift", "F2.swift"], facts: facts, loaders: [], parts: parts))
        #expect((0..<3).map(table.typeName.isShared(file:)) == [true, false, true])
        #expect((0..<3).map(table.typeName.names(inFile:)) == [["A", "A.Inner"], ["B", "E"], ["A"]])
        #expect(
            table.entry("A").map { Array($0.declarations) } == [
                DeclarationRef(file: 0, index: 0), DeclarationRef(file: 2, index: 0),
            ])
        #expect(MemoryLayout<TablePart>.stride <= 48, "a part is copied per file into several arrays")
    }
}
