import Foundation
import TestSupport
import Testing

@testable import DIEngine

@Suite struct AtomicFileWriterTests {
    @Test func createsMissingParentDirectories() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/build/gen/deep/Factory.swift"
        #expect(try AtomicFileWriter.write(Array("let x = 1\n".utf8), to: path) == .written)
        #expect(try LocalDisk.contents(of: path).get() == Array("let x = 1\n".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path + "/build/gen/deep") == ["Factory.swift"]
        )
    }

    /// A slice is written alone, and compared alone with what the destination holds.
    @Test func aSliceWritesOnlyItsBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.d"
        let bytes = Array("xxout: a.swift\nyy".utf8)
        let slice = bytes[2..<bytes.count - 2]
        #expect(try AtomicFileWriter.write(slice, to: path) == .written)
        #expect(try LocalDisk.contents(of: path).get() == Array("out: a.swift\n".utf8))
        #expect(try AtomicFileWriter.write(slice, to: path) == .unchanged)
        #expect(try AtomicFileWriter.write(bytes[1...], to: path) == .written)
    }

    /// Small pieces go through the buffer, large ones (64 KB or more) are written as they are: in order.
    @Test func piecesSmallAndLargeAreWrittenInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/image"
        let large = (0..<(100 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let pieces: [ArraySlice<UInt8>] = [
            Array("head".utf8)[...], large[...], Array("middle".utf8)[...], large[1000...], large[..<5], [],
        ]
        try AtomicFileWriter.write(pieces: pieces, to: path)
        #expect(try LocalDisk.contents(of: path).get() == Array(pieces.joined()))
    }

    @Test func unchangedBytesKeepTheFileAndItsMtime() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("out.swift", "same\n")
        TemporaryDirectory.setModificationTime(of: path, seconds: 1_600_000_000, nanoseconds: 123)
        let inode = try FileStatus.of(path: path).inode
        #expect(try AtomicFileWriter.write(Array("same\n".utf8), to: path) == .unchanged)
        let status = try FileStatus.of(path: path)
        #expect(status.modificationTime == 1_600_000_000 * 1_000_000_000 + 123)
        #expect(status.inode == inode)
    }

    @Test func changedBytesReplaceTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("out.swift", "old\n")
        TemporaryDirectory.setModificationTime(of: path, seconds: 1_600_000_000)
        #expect(try AtomicFileWriter.write(Array("new\n".utf8), to: path) == .written)
        #expect(try LocalDisk.contents(of: path).get() == Array("new\n".utf8))
        #expect(try FileStatus.of(path: path).modificationTime > 1_600_000_000 * 1_000_000_000)
        // Same length, different bytes: still a change.
        #expect(try AtomicFileWriter.write(Array("NEW\n".utf8), to: path) == .written)
        // Forced write of equal bytes (the depfile) gives the file a fresh mtime anyway.
        TemporaryDirectory.setModificationTime(of: path, seconds: 1_600_000_000)
        #expect(try AtomicFileWriter.write(Array("NEW\n".utf8), to: path, onlyIfChanged: false) == .written)
        #expect(try FileStatus.of(path: path).modificationTime > 1_600_000_000 * 1_000_000_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.swift"])
    }

    /// A forced write of the bytes a file already holds sets its mtime in place: the same inode, no rename
    /// (whose freeing of the old file was most of a no-op's depfile write), the directory left alone.
    @Test func forcedWriteOfEqualBytesOnlyAdvancesTheMtime() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<(150 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try directory.write("out.d", bytes: bytes)
        TemporaryDirectory.setModificationTime(of: path, seconds: 1_600_000_000)
        TemporaryDirectory.setModificationTime(of: directory.path, seconds: 1_600_000_000)
        let inode = try FileStatus.of(path: path).inode
        #expect(try AtomicFileWriter.write(bytes, to: path, onlyIfChanged: false) == .written)
        let status = try FileStatus.of(path: path)
        #expect(status.inode == inode)
        #expect(status.modificationTime > 1_600_000_000 * 1_000_000_000)
        #expect(try FileStatus.of(path: directory.path).modificationTime == 1_600_000_000 * 1_000_000_000)
        #expect(try LocalDisk.contents(of: path).get() == bytes)
        // One byte different in the last chunk: replaced.
        var changed = bytes
        changed[changed.count - 1] &+= 1
        #expect(try AtomicFileWriter.write(changed, to: path, onlyIfChanged: false) == .written)
        #expect(try FileStatus.of(path: path).inode != inode)
        #expect(try LocalDisk.contents(of: path).get() == changed)
    }

    /// Only a lone regular file is touched: a symbolic link is replaced by the file as before (its target
    /// left alone), and so is a file with a second hard link (which keeps the old file and mtime).
    @Test func forcedWriteOverALinkOfEqualBytesReplacesTheLink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target.d", "same\n")
        let hardLink = try directory.write("other.d", "same\n")
        let path = directory.path + "/out.d"
        let linked = directory.path + "/linked.d"
        #expect(symlink(target, path) == 0)
        #expect(link(hardLink, linked) == 0)
        TemporaryDirectory.setModificationTime(of: target, seconds: 1_600_000_000)
        TemporaryDirectory.setModificationTime(of: hardLink, seconds: 1_600_000_000)
        #expect(try AtomicFileWriter.write(Array("same\n".utf8), to: path, onlyIfChanged: false) == .written)
        #expect(try AtomicFileWriter.write(Array("same\n".utf8), to: linked, onlyIfChanged: false) == .written)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try FileStatus.of(path: target).modificationTime == 1_600_000_000 * 1_000_000_000)
        #expect(try FileStatus.of(path: hardLink).modificationTime == 1_600_000_000 * 1_000_000_000)
        #expect(try FileStatus.of(path: linked).inode != FileStatus.of(path: hardLink).inode)
        #expect(try LocalDisk.contents(of: path).get() == Array("same\n".utf8))
    }

    /// The comparison reads a chunk at a time: equal, shorter, longer and differing files over several
    /// chunks, and a slice compared alone.
    @Test func holdsComparesEveryChunk() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<(200 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) }
        let path = try directory.write("file", bytes: bytes)
        #expect(AtomicFileWriter.holds(bytes[...], at: path))
        #expect(!AtomicFileWriter.holds(bytes.dropLast(), at: path))
        #expect(!AtomicFileWriter.holds((bytes + [0])[...], at: path))
        var changed = bytes
        changed[(100 << 10) + 3] &+= 1
        #expect(!AtomicFileWriter.holds(changed[...], at: path))
        #expect(!AtomicFileWriter.holds(bytes[...], at: directory.path + "/missing"))
        let framed = [7] + bytes + [9]
        #expect(AtomicFileWriter.holds(framed[1..<framed.count - 1], at: path))
        let empty = try directory.write("empty", "")
        #expect(AtomicFileWriter.holds([], at: empty))
        #expect(!AtomicFileWriter.holds([1], at: empty))
    }

    @Test func touchAfterReplaceMakesTheFileNoOlderThanItsDirectory() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/Sources/Factory.swift"
        let before = currentTimeNanoseconds()
        #expect(try AtomicFileWriter.write(Array("x".utf8), to: path, touchAfterReplace: true) == .written)
        let file = try FileStatus.of(path: path)
        let parent = try FileStatus.of(path: directory.path + "/Sources")
        #expect(file.modificationTime >= parent.modificationTime)
        #expect(file.modificationTime >= before - 1_000_000_000)
    }

    @Test func failureLeavesDestinationIntactAndReportsO01() throws {
        let directory = try TemporaryDirectory()
        try directory.write("blocker", "I am a file")
        // The parent is a regular file: works even as root, where permissions would not stop the write.
        let path = directory.path + "/blocker/sub/Factory.swift"
        #expect {
            try AtomicFileWriter.write(Array("x".utf8), to: path)
        } throws: { error in
            guard let error = error as? FileSystemError else { return false }
            return error.writeFailureDiagnostic == .error("O01", "cannot write '\(path)': Not a directory")
        }
        #expect(try LocalDisk.contents(of: directory.path + "/blocker").get() == Array("I am a file".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["blocker"])
    }

    @Test func directoryAtTheDestinationIsO02AndUntouched() throws {
        let directory = try TemporaryDirectory()
        try directory.write("out.swift/inner.txt", "keep")
        let path = directory.path + "/out.swift"
        #expect {
            try AtomicFileWriter.write(Array("x".utf8), to: path, onlyIfChanged: false)
        } throws: { error in
            (error as? FileSystemError)?.writeFailureDiagnostic == .error("O02", "output path '\(path)' is a directory")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.swift"])
        #expect(try LocalDisk.contents(of: path + "/inner.txt").get() == Array("keep".utf8))
    }

    @Test func temporaryFileIsHiddenBesideTheDestination() throws {
        let directory = try TemporaryDirectory()
        // A leftover temporary file of this very process (a crashed earlier run with the same pid) must not
        // block the write, and is not touched.
        let leftover = try directory.write(".out.swift.\(getpid()).tmp", "stale")
        #expect(try AtomicFileWriter.write(Array("fresh".utf8), to: directory.path + "/out.swift") == .written)
        #expect(try LocalDisk.contents(of: leftover).get() == Array("stale".utf8))
        #expect(try LocalDisk.contents(of: directory.path + "/out.swift").get() == Array("fresh".utf8))
    }

    @Test func aFIFOOrDeviceAtTheDestinationIsO02AndUntouched() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path + "/out.d"
        #expect(mkfifo(fifo, 0o644) == 0)
        let null = directory.path + "/null.d"
        try FileManager.default.createSymbolicLink(atPath: null, withDestinationPath: "/dev/null")
        for (path, kind) in [(fifo, "a FIFO"), (null, "a character device")] {
            #expect {
                try AtomicFileWriter.write(Array("x".utf8), to: path, onlyIfChanged: false)
            } throws: { error in
                (error as? FileSystemError)?.writeFailureDiagnostic
                    == .error("O02", "output path '\(path)' is not a regular file (\(kind))")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["null.d", "out.d"])
    }

    /// The set is all or nothing: the last file failing leaves the earlier ones as they were.
    @Test func aSetWithAFailingFileReplacesNothing() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.txt", "old first")
        let second = try directory.write("second.txt", "old second")
        try directory.write("blocker", "a file")
        TemporaryDirectory.setModificationTime(of: first, seconds: 1_600_000_000)
        let blocked = directory.path + "/blocker/third.txt"
        let same = try directory.write("same.d", "same")
        TemporaryDirectory.setModificationTime(of: same, seconds: 1_600_000_000)
        let files = [
            OutputFile(path: first, bytes: Array("new first".utf8)),
            OutputFile(path: second, bytes: Array("new second".utf8), onlyIfChanged: false),
            OutputFile(path: same, bytes: Array("same".utf8), onlyIfChanged: false),
            OutputFile(path: blocked, bytes: Array("third".utf8)),
        ]
        #expect {
            try AtomicFileWriter.write(files)
        } throws: { error in
            (error as? FileSystemError)?.writeFailureDiagnostic
                == .error("O01", "cannot write '\(blocked)': Not a directory")
        }
        #expect(try LocalDisk.contents(of: first).get() == Array("old first".utf8))
        #expect(try LocalDisk.contents(of: second).get() == Array("old second".utf8))
        #expect(try FileStatus.of(path: first).modificationTime == 1_600_000_000 * 1_000_000_000)
        // A file that would only have been touched keeps its mtime too.
        #expect(try FileStatus.of(path: same).modificationTime == 1_600_000_000 * 1_000_000_000)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "blocker", "first.txt", "same.d", "second.txt",
            ])

        let written = try AtomicFileWriter.write(
            Array(files.prefix(3)) + [OutputFile(path: first, bytes: Array("new first".utf8))])
        #expect(written == [.written, .written, .written, .written])
        #expect(try LocalDisk.contents(of: second).get() == Array("new second".utf8))
        #expect(try FileStatus.of(path: same).modificationTime > 1_600_000_000 * 1_000_000_000)
    }
}
