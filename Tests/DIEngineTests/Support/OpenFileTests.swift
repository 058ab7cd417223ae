import TestSupport
import Testing

@testable import DIEngine

/// Reads at an offset (`OpenFile.read(count:at:)`), whose large buffers are advised as huge pages: only a
/// hint, so every byte must be the file's.
@Suite struct OpenFileTests {
    private func file(of count: Int) throws -> (directory: TemporaryDirectory, path: String, bytes: [UInt8]) {
        let directory = try TemporaryDirectory()
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        return (directory, try directory.write("data.bin", bytes: bytes), bytes)
    }

    @Test func aLargeReadHoldsExactlyTheFilesBytes() throws {
        let (directory, path, bytes) = try file(of: (5 << 20) + 123)
        let file = try OpenFile(path: path)
        defer { file.close() }
        #expect(try file.read(count: bytes.count, at: 0) == bytes)
        #expect(try file.read(count: 3 << 20, at: 1_000) == Array(bytes[1_000..<(1_000 + (3 << 20))]))
        _ = directory
    }

    @Test func aReadPastTheEndStopsAtIt() throws {
        let (directory, path, bytes) = try file(of: (2 << 20) + 10)
        let file = try OpenFile(path: path)
        defer { file.close() }
        #expect(try file.read(count: 4 << 20, at: 20) == Array(bytes[20...]))
        _ = directory
    }
}
