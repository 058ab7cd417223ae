import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// A file mapped for reading (`MappedFile`): its bytes are the file's, under a shared lock that an appender's
/// exclusive one excludes, and stay mapped once it is released; while an appender holds its lock there is
/// no mapping.
@Suite struct MappedFileTests {
    /// Whether another open file description of `path` gets an exclusive lock at once.
    private func canLockExclusively(_ path: String) throws -> Bool {
        let other = try OpenFile(path: path)
        defer { other.close() }
        return flock(other.descriptor, LOCK_EX | LOCK_NB) == 0
    }

    @Test func theMappedBytesAreTheFilesAndHeldUnderASharedLock() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<((3 << 20) + 77)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let path = try directory.write("data.bin", bytes: bytes)
        let file = try OpenFile(path: path)
        let mapped = try #require(MappedFile(file))
        #expect(Array(mapped.bytes) == bytes)
        #expect(mapped.stamp.size == bytes.count)
        #expect(try canLockExclusively(path) == false)
        mapped.unlock()
        #expect(try canLockExclusively(path))
        // The mapping outlives the lock and the file's descriptor.
        file.close()
        #expect(Array(mapped.bytes) == bytes)
        _ = directory
    }

    @Test func anAppendersLockOrAnEmptyFileLeavesNoMapping() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("data.bin", bytes: Array(repeating: 7, count: 100))
        let file = try OpenFile(path: path)
        defer { file.close() }
        let appender = try OpenFile(path: path)
        #expect(flock(appender.descriptor, LOCK_EX | LOCK_NB) == 0)
        #expect(MappedFile(file) == nil)
        appender.close()
        let mapped = try #require(MappedFile(file))
        mapped.unlock()
        let empty = try OpenFile(path: try directory.write("empty.bin", bytes: []))
        defer { empty.close() }
        #expect(MappedFile(empty) == nil)
    }
}
