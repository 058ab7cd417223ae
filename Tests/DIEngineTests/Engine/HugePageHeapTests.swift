import Foundation
import Testing

@testable import DIEngine

@Suite struct HugePageHeapTests {
    @Test func glibcsOwnMallocTunablesTurnTheAdviceOff() {
        #expect(HugePageHeap.allowed(tunables: nil))
        #expect(HugePageHeap.allowed(tunables: "glibc.pthread.rseq=0"))
        #expect(!HugePageHeap.allowed(tunables: "glibc.malloc.hugetlb=1"))
        #expect(!HugePageHeap.allowed(tunables: "glibc.pthread.rseq=0:glibc.malloc.arena_max=4"))
    }

    /// A huge page costs a host fault where free memory was reported back (a virtual machine), which only a
    /// cold build's memory pays back: a run advises its heaps when some target has no cache yet.
    @Test func onlyARunWithATargetWithoutACacheAdvisesItsHeaps() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hugepages-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cached = directory + "/App.dicache"
        try Data([1]).write(to: URL(fileURLWithPath: cached))
        #expect(!HugePageHeap.pays(cacheFiles: []))
        #expect(!HugePageHeap.pays(cacheFiles: [cached]))
        #expect(HugePageHeap.pays(cacheFiles: [directory + "/Other.dicache"]))
        #expect(HugePageHeap.pays(cacheFiles: [cached, directory + "/Other.dicache"]))
    }

    #if canImport(Glibc)
        /// Threads beyond glibc's arena limit share arenas, some the main one: of several new threads, some
        /// have a heap of their own, which is advised (once, whoever meets it first).
        @Test(.enabled(if: HugePageHeap.isEnabled)) func aNewThreadsArenaIsAdvised() throws {
            // Whatever becomes of the main heap from a test's thread, the arenas met after are advised.
            HugePageHeap.adviseHeaps()
            #expect(HugePageHeap.advisesThreadArenas)
            let found = Found()
            for _ in 0..<8 {
                JoinableThread(stackSize: 1 << 20) { found.add(HugePageHeap.adviseThreadArena()) }.join()
            }
            let ranges = found.ranges.compactMap { $0 }
            #expect(!ranges.isEmpty)
            for range in ranges {
                #expect(range.lowerBound % UInt(HugePageHeap.threadHeapSize) == 0)
                let mapping = try #require(try Mapping.containing(range.lowerBound))
                #expect(mapping.flags.contains("hg"), "\(mapping)")
                #expect(mapping.isWritable)
            }
        }
    #endif
}

private final class Found: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var ranges: [Range<UInt>?] = []

    func add(_ range: Range<UInt>?) { lock.withLock { ranges.append(range) } }
}

/// One mapping of this process, from `/proc/self/smaps`.
private struct Mapping: CustomStringConvertible {
    let range: Range<UInt>
    let permissions: String
    var flags: [String] = []

    var isWritable: Bool { permissions.hasPrefix("rw") }
    var description: String { "\(String(range.lowerBound, radix: 16)) \(permissions) \(flags)" }

    static func containing(_ address: UInt) throws -> Mapping? {
        var found: Mapping?
        // Read to its end: `/proc` files have no size to read up to.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("VmFlags:") {
                guard var mapping = found else { continue }
                mapping.flags = fields.dropFirst().map(String.init)
                return mapping
            }
            let bounds = fields.first?.split(separator: "-") ?? []
            guard bounds.count == 2, fields.count > 1, let start = UInt(bounds[0], radix: 16),
                let end = UInt(bounds[1], radix: 16)
            else { continue }
            if (start..<end).contains(address) { found = Mapping(range: start..<end, permissions: String(fields[1])) }
        }
        return found
    }
}
