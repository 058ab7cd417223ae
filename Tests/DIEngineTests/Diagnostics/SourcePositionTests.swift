import Foundation
import Testing

@testable import DIEngine

/// `SourcePosition` keeps 32 bits per field; it must still read, order and encode as two integers.
@Suite struct SourcePositionTests {
    @Test func aPositionIsEightBytes() {
        #expect(MemoryLayout<SourcePosition>.size == 8)
    }

    @Test func fieldsReadAndOrderAsIntegers() {
        var position = SourcePosition(line: 12, column: 7)
        #expect(position.line == 12 && position.column == 7)
        position.column += 3
        #expect(position == SourcePosition(line: 12, column: 10))
        #expect(SourcePosition(line: 2, column: 99) < SourcePosition(line: 3, column: 1))
        #expect(SourcePosition(line: 3, column: 1) < SourcePosition(line: 3, column: 2))
        #expect(!(SourcePosition(line: 3, column: 2) < SourcePosition(line: 3, column: 2)))
    }

    @Test func valuesBeyondThirtyTwoBitsAreClamped() {
        let far = SourcePosition(line: Int(Int32.max) + 5, column: Int(Int32.min) - 5)
        #expect(far.line == Int(Int32.max))
        #expect(far.column == Int(Int32.min))
    }

    @Test func encodesAsLineAndColumn() throws {
        let data = try JSONEncoder().encode(SourcePosition(line: 4, column: 9))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        #expect(object == ["line": 4, "column": 9])
        #expect(try JSONDecoder().decode(SourcePosition.self, from: data) == SourcePosition(line: 4, column: 9))
    }
}
