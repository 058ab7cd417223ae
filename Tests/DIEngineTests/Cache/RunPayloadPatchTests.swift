import Testing

@testable import DIEngine

/// The changed bytes of a run record's payload (journal kind 5): written, read back and applied, they give
/// the new payload; what they cannot express is refused.
@Suite struct RunPayloadPatchTests {
    private func roundTrip(_ patch: RunPayloadPatch, onto old: [UInt8]) throws -> [UInt8] {
        var writer = ByteWriter()
        patch.write(to: &writer)
        var payload = old
        try writer.bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            let runs = try RunPayloadPatch.readRuns(&reader, payloadCount: old.count)
            #expect(reader.isAtEnd)
            RunPayloadPatch.apply(runs, to: &payload)
        }
        return payload
    }

    @Test func randomChangesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 1...400, using: &generator)
            let old = (0..<count).map { _ in UInt8.random(in: 0...3, using: &generator) }
            var new = old
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                new[Int.random(in: 0..<count, using: &generator)] = UInt8.random(in: 0...3, using: &generator)
            }
            let patch = try #require(RunPayloadPatch(from: old, to: new, limit: count))
            #expect(try roundTrip(patch, onto: old) == new)
            let changed = patch.runs.reduce(0) { $0 + $1.bytes.count }
            #expect(changed <= count)
        }
    }

    @Test func nearbyChangesShareARunAndDistantOnesDoNot() throws {
        let old = [UInt8](repeating: 0, count: 100)
        var new = old
        new[10] = 1
        new[13] = 1
        new[90] = 1
        let patch = try #require(RunPayloadPatch(from: old, to: new, limit: 100))
        #expect(patch == RunPayloadPatch(runs: [(gap: 10, bytes: [1, 0, 0, 1]), (gap: 76, bytes: [1])]))
        #expect(try roundTrip(patch, onto: old) == new)
    }

    @Test func anotherLengthOrTooManyChangesIsNoPatch() {
        let old = [UInt8](repeating: 0, count: 100)
        #expect(RunPayloadPatch(from: old, to: old + [0], limit: 100) == nil)
        #expect(RunPayloadPatch(from: old, to: [UInt8](repeating: 1, count: 100), limit: 25) == nil)
        #expect(RunPayloadPatch(from: old, to: old, limit: 0) == RunPayloadPatch(runs: []))
    }

    @Test func aRunPastThePayloadIsRejected() {
        let patch = RunPayloadPatch(runs: [(gap: 8, bytes: [1, 2, 3])])
        var writer = ByteWriter()
        patch.write(to: &writer)
        writer.bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            #expect(throws: BinaryCodingError.self) { try RunPayloadPatch.readRuns(&reader, payloadCount: 10) }
            var fitting = ByteReader(buffer)
            #expect((try? RunPayloadPatch.readRuns(&fitting, payloadCount: 11))?.count == 1)
        }
    }
}
