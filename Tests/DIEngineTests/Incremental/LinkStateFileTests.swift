import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// The link state file (`LinkStateFile`): a base record, then the changes later builds appended. Whatever
/// is appended, torn or damaged, a load gives a state some build saved, or nothing.
@Suite struct LinkStateFileTests {
    typealias Sources = IncrementalLinkTests.Sources

    /// The states of the incremental links over the base sources and then each edit in turn.
    static func states() throws -> [LinkState] {
        var sources = IncrementalLinkTests.base
        var states = [try IncrementalLinkTests.incremental(sources, after: nil).state]
        for edit in IncrementalLinkTests.edits {
            for (path, text) in edit.changes { sources[path] = text }
            states.append(try IncrementalLinkTests.incremental(sources, after: states.last).state)
        }
        return states
    }

    static func load(_ path: String) -> LinkState? {
        LinkStateFile.load(from: path, identity: "v1")
    }

    static func save(_ state: LinkState, after previous: LinkState?, to path: String) throws -> LinkStateFile.Written {
        try LinkStateFile.save(state, previous: previous, to: path, identity: "v1").get()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Every state saved as a base, then as changes appended one after another.
    static func file(of states: [LinkState]) throws -> (directory: TemporaryDirectory, path: String) {
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let path = directory.path + "/App.dilink"
        #expect(try save(states[0], after: nil, to: path).appended == false)
        for state in states.dropFirst() {
            let previous = try #require(load(path))
            #expect(try save(state, after: previous, to: path).appended == true)
        }
        return (directory, path)
    }

    @Test func appendedChangesLoadAsTheStateAWholeWriteGives() throws {
        let states = try Self.states()
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let path = directory.path + "/App.dilink"
        #expect(try Self.save(states[0], after: nil, to: path).appended == false)
        #expect(Self.load(path) == states[0])
        for state in states.dropFirst() {
            let previous = try #require(Self.load(path))
            let before = try Self.bytes(path)
            let written = try Self.save(state, after: previous, to: path)
            #expect(written.appended)
            let after = try Self.bytes(path)
            // Only the record is written; what was there stays as it was.
            #expect(Array(after.prefix(before.count)) == before)
            #expect(after.count == before.count + written.bytes)
            #expect(written.bytes < LinkStateFile.encode(state, identity: "v1").count)
            let loaded = try #require(Self.load(path))
            #expect(loaded == state)
            // The names read come stored, not collected from the units, and are the units' reads.
            #expect(loaded.storedReads != nil)
            #expect(loaded.reads == state.reads && Set(loaded.readList) == state.reads)
            #expect(loaded.readList.count == state.reads.count)
            // Compaction: the loaded state written whole is the state written whole.
            #expect(LinkStateFile.encode(loaded, identity: "v1") == LinkStateFile.encode(state, identity: "v1"))
        }
    }

    /// A load maps the file (`MappedFile`) unless an appender holds its lock, and reads it then: both give the
    /// same state.
    @Test func aFileLockedByAnAppenderLoadsAsAMappedOne() throws {
        let states = try Self.states()
        let (directory, path) = try Self.file(of: Array(states.prefix(3)))
        _ = directory
        let mapped = try #require(Self.load(path))
        let appender = try OpenFile(path: path)
        defer { appender.close() }
        #expect(flock(appender.descriptor, LOCK_EX | LOCK_NB) == 0)
        let read = try #require(Self.load(path))
        #expect(mapped == states[2] && read == states[2])
        #expect(mapped.stored?.stamp.size == read.stored?.stamp.size)
        #expect(mapped.stored?.baseLength == read.stored?.baseLength)
        #expect(LinkStateFile.encode(mapped, identity: "v1") == LinkStateFile.encode(read, identity: "v1"))
    }

    /// Every record starts on a multiple of 8 (a mapped reader takes its digest pool in place), whatever the
    /// identity's length.
    @Test func recordsStartOnMultiplesOfEight() throws {
        let states = try Self.states()
        for identity in ["v1", "version 1.2.3", "a longer identity string"] {
            #expect(LinkStateFile.encode(states[0], identity: identity).count % 8 == 0)
            for (old, new) in zip(states, states.dropFirst()) {
                #expect(LinkStateFile.encodeChanges(from: old, to: new).record.count % 8 == 0)
            }
        }
    }

    @Test func aTornLastRecordLeavesTheStateBeforeItAndTheNextSaveRewrites() throws {
        let states = try Self.states()
        let (directory, path) = try Self.file(of: Array(states.prefix(3)))
        _ = directory
        let whole = try Self.bytes(path)
        let record = LinkStateFile.encodeChanges(from: states[1], to: states[2]).record.count
        for cut in stride(from: 1, to: record, by: max(1, record / 41)) {
            try Data(whole.dropLast(cut)).write(to: URL(fileURLWithPath: path))
            let loaded = try #require(Self.load(path))
            #expect(loaded == states[1], "cut \(cut)")
            #expect(loaded.stored == nil, "cut \(cut)")
        }
        // Appending after the torn record would leave the new one unreachable: the save rewrites.
        let previous = try #require(Self.load(path))
        #expect(try Self.save(states[3], after: previous, to: path).appended == false)
        #expect(Self.load(path) == states[3])
        #expect(try Self.bytes(path) == LinkStateFile.encode(states[3], identity: "v1"))
    }

    @Test func aCorruptRecordIsIgnoredWithEverythingAfterIt() throws {
        let states = try Self.states()
        let (directory, path) = try Self.file(of: Array(states.prefix(3)))
        _ = directory
        let whole = try Self.bytes(path)
        let base = LinkStateFile.encode(states[0], identity: "v1").count
        let first = LinkStateFile.encodeChanges(from: states[0], to: states[1]).record.count
        for offset in stride(from: base, to: base + first, by: max(1, first / 37)) {
            var damaged = whole
            damaged[offset] ^= 0x5A
            #expect(LinkStateFile.decode(damaged, identity: "v1") == states[0], "offset \(offset)")
        }
        // A record that checks out but does not decode is ignored too.
        var writer = [UInt8](repeating: 0xFF, count: 6)
        let length = UInt32(writer.count)
        var framed = withUnsafeBytes(of: length.littleEndian) { Array($0) } + writer
        framed += withUnsafeBytes(of: Fingerprint.xxh3(framed).littleEndian) { Array($0) }
        writer = whole + framed
        #expect(LinkStateFile.decode(writer, identity: "v1") == states[2])
    }

    @Test func aForeignOrDamagedBaseIsNoState() throws {
        let states = try Self.states()
        let (directory, path) = try Self.file(of: Array(states.prefix(2)))
        _ = directory
        let whole = try Self.bytes(path)
        #expect(LinkStateFile.decode(whole, identity: "v2") == nil)
        var version = whole
        version[LinkStateFile.magic.count] &+= 1
        #expect(LinkStateFile.decode(version, identity: "v1") == nil)
        let base = LinkStateFile.encode(states[0], identity: "v1").count
        for offset in stride(from: 0, to: base, by: max(1, base / 53)) {
            var damaged = whole
            damaged[offset] ^= 0x5A
            #expect(LinkStateFile.decode(damaged, identity: "v1") == nil, "offset \(offset)")
        }
        #expect(LinkStateFile.decode(Array(whole.prefix(base - 1)), identity: "v1") == nil)
    }

    @Test func aFileOfAnOlderFormatIsIgnoredAndRewrittenWhole() throws {
        let states = try Self.states()
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let path = directory.path + "/App.dilink"
        var older = LinkStateFile.encode(states[0], identity: "v1")
        let version = LinkStateFile.magic.count..<(LinkStateFile.magic.count + 4)
        withUnsafeBytes(of: (LinkStateFile.formatVersion - 1).littleEndian) { older.replaceSubrange(version, with: $0) }
        try Data(older).write(to: URL(fileURLWithPath: path))
        #expect(Self.load(path) == nil)
        #expect(try Self.save(states[1], after: nil, to: path).appended == false)
        #expect(Self.load(path) == states[1])
        #expect(try Self.bytes(path) == LinkStateFile.encode(states[1], identity: "v1"))
    }

    @Test func anUnchangedStateWritesNothing() throws {
        let states = try Self.states()
        let (directory, path) = try Self.file(of: Array(states.prefix(2)))
        _ = directory
        let before = try Self.bytes(path)
        let previous = try #require(Self.load(path))
        #expect(LinkStateFile.encodeChanges(from: previous, to: states[1]).changes == false)
        #expect(LinkStateFile.encodeChanges(from: previous, to: states[2]).changes)
        let written = try Self.save(states[1], after: previous, to: path)
        #expect(written.bytes == 0)
        #expect(try Self.bytes(path) == before)
    }

    @Test func aFileChangedSinceTheLoadIsRewrittenNotAppendedTo() throws {
        let states = try Self.states()
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let path = directory.path + "/App.dilink"
        _ = try Self.save(states[0], after: nil, to: path)
        let previous = try #require(Self.load(path))
        // Another build appended meanwhile.
        #expect(try Self.save(states[1], after: previous, to: path).appended)
        #expect(try Self.save(states[2], after: previous, to: path).appended == false)
        #expect(Self.load(path) == states[2])
    }

    @Test func appendedRecordsPastTheThresholdAreCompacted() throws {
        let states = try Self.states()
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let path = directory.path + "/App.dilink"
        _ = try Self.save(states[0], after: nil, to: path)
        var saves = 0
        var compacted = false
        while !compacted && saves < 1000 {
            let previous = try #require(Self.load(path))
            let next = states[1 + saves % (states.count - 1)]
            compacted = try Self.save(next, after: previous, to: path).appended == false
            saves += 1
            #expect(Self.load(path) == next)
            if compacted { #expect(try Self.bytes(path) == LinkStateFile.encode(next, identity: "v1")) }
        }
        #expect(compacted)
        let stored = try #require(Self.load(path)?.stored)
        #expect(stored.appendedLength == 0)
    }

    /// The load a relink starts before its facts (`LinkStateLoad`) gives what a load on the spot gives, once;
    /// one never waited for has ended, lock released, when it is let go.
    @Test func aLoadStartedAheadGivesTheStoredStateOnce() throws {
        let states = try Self.states()
        let directory = try TemporaryDirectory(prefix: "linkstate")
        let cacheFile = directory.path + "/App.dicache"
        let path = LinkStateFile.path(cacheFile: cacheFile)
        _ = try Self.save(states[1], after: nil, to: path)
        let load = LinkStateLoad(cacheFile: cacheFile, identity: "v1")
        let loaded = try #require(load.wait())
        #expect(loaded.state == states[1] && loaded.state == Self.load(path))
        #expect(load.wait() == nil)
        #expect(LinkStateLoad(cacheFile: directory.path + "/Other.dicache", identity: "v1").wait()?.state == nil)
        _ = LinkStateLoad(cacheFile: cacheFile, identity: "v1")
        let writer = try OpenFile(path: path)
        defer { writer.close() }
        #expect(flock(writer.descriptor, LOCK_EX | LOCK_NB) == 0)
    }
}
