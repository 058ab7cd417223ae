import TestSupport
import Testing

@testable import DIEngine

@Suite struct FingerprintTests {
    /// Computed with `xxhsum -H3` (xxHash 0.8).
    static let vectors: [(input: String, hash: UInt64)] = [
        ("", 0x2D06_8005_38D3_94C2),
        ("a", 0xE6C6_32B6_1E96_4E1F),
        ("abc", 0x78AF_5F94_892F_3950),
    ]

    @Test func knownVectorsOfBuffers() {
        for vector in Self.vectors {
            #expect(Fingerprint.xxh3(Array(vector.input.utf8)) == vector.hash, "input '\(vector.input)'")
        }
    }

    @Test func millionZeroBytesMatchesXxhsum() {
        // `head -c 1000000 /dev/zero | xxhsum -H3`
        #expect(Fingerprint.xxh3([UInt8](repeating: 0, count: 1_000_000)) == 0x9D64_8391_F361_D99A)
    }

    @Test func fileHashIsStreamedAndEqualsBufferHash() throws {
        let directory = try TemporaryDirectory()
        // Several chunks plus a partial one, so chunk boundaries are exercised.
        let bytes = (0..<(3 * 65_536 + 1234)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let file = try directory.write("large.bin", bytes: bytes)
        #expect(try Fingerprint.xxh3(fileAt: file) == Fingerprint.xxh3(bytes))
        let empty = try directory.write("empty.bin", bytes: [])
        #expect(try Fingerprint.xxh3(fileAt: empty) == 0x2D06_8005_38D3_94C2)
        let zeros = try directory.write("zeros.bin", bytes: [UInt8](repeating: 0, count: 1_000_000))
        #expect(try Fingerprint.xxh3(fileAt: zeros) == 0x9D64_8391_F361_D99A)
    }

    @Test func wholeFileReadsSurviveAWrongSizeHint() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let path = try directory.write("data.bin", bytes: bytes)
        let file = try OpenFile(path: path)
        defer { file.close() }
        // As if the file had grown since it was stat'd: the buffer must grow, repeatedly.
        #expect(try file.readAll(expectedSize: 10) == bytes)
        #expect(try OpenFile.contents(atPath: path) == bytes)
        #expect(try OpenFile.contents(atPath: directory.write("empty", bytes: [])) == [])
    }

    @Test func streamingHasherEqualsOneShot() {
        let bytes = Array("hello, streaming world".utf8)
        var hasher = XXH3Hasher()
        hasher.update(bytes[..<5])
        hasher.update(bytes[5...])
        let streamed = hasher.finalize()
        #expect(streamed == Fingerprint.xxh3(bytes))
    }

    /// Pieces from empty to larger than the hasher's buffer, so that it fills, flushes and is bypassed.
    @Test func manyPiecesOfEverySizeEqualOneShot() {
        var hasher = XXH3Hasher()
        var all: [UInt8] = []
        for (index, size) in [0, 1, 7, 4095, 4096, 4097, 3, 10_000, 2048, 2049, 1, 0, 8191].enumerated() {
            let piece = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ index) }
            hasher.update(piece)
            all += piece
        }
        #expect(hasher.finalize() == Fingerprint.xxh3(all))
        // Strings as `update(_: String)` writes them: length, then bytes; 5,000 of them cross many flushes.
        var paths = XXH3Hasher()
        var expected: [UInt8] = []
        for index in 0..<5000 {
            let path = "Sources/Feature\(index % 100)/File\(index).swift"
            paths.update(path)
            withUnsafeBytes(of: UInt64(path.utf8.count).littleEndian) { expected += $0 }
            expected += Array(path.utf8)
        }
        #expect(paths.finalize() == Fingerprint.xxh3(expected))
    }

    @Test func stringsInDigestsDoNotRunTogether() {
        var first = XXH3Hasher()
        first.update("ab")
        first.update("c")
        var second = XXH3Hasher()
        second.update("a")
        second.update("bc")
        let (one, two) = (first.finalize(), second.finalize())
        #expect(one != two)
    }

    @Test func missingFileThrowsWithReason() {
        #expect(throws: FileSystemError.self) { try Fingerprint.xxh3(fileAt: "/nonexistent/dibuild/file") }
    }
}
