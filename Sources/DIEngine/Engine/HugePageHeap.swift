#if canImport(Glibc)
    import Glibc
#endif

/// malloc's heaps advised as transparent huge pages, as glibc's `glibc.malloc.hugetlb=1` tunable would (a
/// user cannot be asked to set it). Every 4 KiB page a run touches for the first time costs a page fault,
/// 1.5-10 us on a virtual machine; in an advised heap one fault maps 2 MiB where the kernel has a huge page
/// free (transparent huge pages in `madvise` or `always` mode; with `never` the advice does nothing). Only
/// where memory comes from changes: what is allocated, and what a run computes and writes, stay the same.
///
/// The kernel maps a huge page only where an aligned 2 MiB lies inside an advised range that has no small
/// page in it yet. So each heap is advised before it is used, far beyond its current end (glibc grows the
/// main heap with `brk`, and the kernel does not carry the advice over to a later growth), and a filler,
/// never freed nor touched, takes the space up to its first aligned 2 MiB (whose pages the heap's first
/// allocations have already mapped small), so that the allocations after it start there.
///
/// Only a cold build is advised (`pays(cacheFiles:)`): a huge page is zeroed whole from a free 2 MiB block,
/// and on a virtual machine that reports free memory back to its host in such blocks (free page reporting,
/// 2 s after it was freed) the host must fault the block in again, 3.9-5 ms each. A build run seconds after
/// the last then pays that for every huge page, where small pages come from memory the guest still holds
/// (docs/architecture.md).
enum HugePageHeap {
    /// Address space added to the main heap up front and advised. Pages never touched are never mapped, but
    /// a huge page is mapped whole, room reserved and not yet filled included: a small run's resident memory
    /// grows by some megabytes (docs/architecture.md), and a large one grows on beyond the reserve with
    /// small pages.
    static let mainHeapReserve = 64 << 20

    /// Address space of a thread arena's heap made writable up front (glibc otherwise extends it a page at
    /// a time, and a huge page needs all of its 2 MiB writable when it is first touched).
    static let threadHeapReserve = 28 << 20

    /// glibc's `HEAP_MAX_SIZE` on 64-bit systems: each thread arena's heap is a mapping of this size,
    /// aligned to it, so that the heap of any chunk is found by masking its address.
    static let threadHeapSize = 64 << 20

    static let hugePageSize: UInt = 2 << 20

    /// Whether the heaps are advised: not when the environment sets glibc's own malloc tunables, whose
    /// heap sizes and advice this must not second-guess.
    static let isEnabled: Bool = {
        #if canImport(Glibc)
            allowed(tunables: getenv("GLIBC_TUNABLES").map { String(cString: $0) })
        #else
            false
        #endif
    }()

    /// Unset, the usual case, is answered without `String.contains`: its first use in a process builds a
    /// `Character` dictionary, whose metadata costs the runtime a scan of all 9,000 protocol conformances.
    static func allowed(tunables: String?) -> Bool {
        guard let tunables else { return true }
        return !tunables.contains("glibc.malloc.")
    }

    /// Whether a run pays for huge pages: only when a target has no cache yet (a cold build, which touches
    /// 130 MB and reuses much of it), not for an incremental one (a DI edit touches ~40 MiB, 20 huge pages).
    static func pays(cacheFiles: [String]) -> Bool {
        cacheFiles.contains { FileStatus.ifExists(path: $0) == nil }
    }

    /// Set, on the main thread before the first other thread starts (whose start orders it before their
    /// reads), when the run advises its heaps: the thread arenas are advised only then.
    nonisolated(unsafe) private(set) static var advisesThreadArenas = false

    /// Reserves and advises the main heap, once, and every thread arena met after. Call before other
    /// threads allocate, and after `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` are raised (`main.swift`): a
    /// reservation mapped on its own or trimmed at once is not advised. Nil when the main heap was not.
    @discardableResult
    static func adviseHeaps() -> Range<UInt>? {
        advisesThreadArenas = isEnabled
        return mainHeapAdvised
    }

    /// The advised range of the main heap, nil when none was advised.
    static let mainHeapAdvised: Range<UInt>? = reserveMainHeap()

    /// Grows the main heap by `mainHeapReserve` beyond a block and advises it from the block on; nil when
    /// the block did not come from the top of the main heap or the advice was refused.
    static func reserveMainHeap() -> Range<UInt>? {
        #if canImport(Glibc)
            guard isEnabled, let allocate = Allocator.allocate, let setOption = ParallelMap.mallopt else {
                return nil
            }
            // Blocks from the heap's top until one is larger than what it has free there (at the start of a
            // run the first is), so that the heap grows by that block plus the pad.
            var blocks: [UnsafeMutableRawPointer] = []
            blocks.reserveCapacity(8)
            let topPad: Int32 = -2  // M_TOP_PAD
            _ = setOption(topPad, Int32(mainHeapReserve))
            var end: UInt = 0
            while blocks.count < 8, let block = allocate(blocks.isEmpty ? 4 << 20 : 16 << 20) {
                blocks.append(block)
                end = UInt(bitPattern: sbrk(0))
                if Allocator.flags(of: block) != 0 || end >= UInt(bitPattern: blocks[0]) + UInt(mainHeapReserve) {
                    break
                }
            }
            _ = setOption(topPad, Int32(ParallelMap.heapPad))
            guard let block = blocks.first else { return nil }
            let first = UInt(bitPattern: block)
            let start = first & ~UInt(4095)
            // Advised before the blocks are freed: a free may trim the heap's top at once (`M_TRIM_THRESHOLD`).
            let advised =
                blocks.allSatisfy { Allocator.flags(of: $0) == 0 } && end >= first + UInt(mainHeapReserve)
                && madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0
            for block in blocks.reversed() { free(block) }
            guard advised else { return nil }
            Allocator.fill(from: block, upTo: (first + hugePageSize - 1) & ~(hugePageSize - 1))
            return start..<end
        #else
            return nil
        #endif
    }

    /// Advises the heap of the calling thread's arena, once per heap, if it is not the main one and the run
    /// advises its heaps (`adviseHeaps`), and returns its range (nil for the main arena, when the run does
    /// not advise, or when the advice was refused). Call first on a new thread: its first allocation gives
    /// it its arena.
    @discardableResult
    static func adviseThreadArena() -> Range<UInt>? {
        #if canImport(Glibc)
            guard advisesThreadArenas, let allocate = Allocator.allocate, let chunk = allocate(64) else { return nil }
            defer { free(chunk) }
            guard Allocator.flags(of: chunk) == Allocator.nonMainArena else { return nil }
            let heap = UInt(bitPattern: chunk) & ~UInt(threadHeapSize - 1)
            // glibc's `heap_info` at the heap's start: arena, previous heap, size, protected size.
            let size = UnsafeRawPointer(bitPattern: heap)!.load(fromByteOffset: 16, as: UInt.self)
            guard size <= threadHeapSize, UInt(bitPattern: chunk) < heap + size else { return nil }
            let range = heap..<(heap + UInt(threadHeapSize))
            return preparedHeaps.withLock { heaps in
                if let advised = heaps[heap] { return advised ? range : nil }
                // Made writable before the advice: the block's end, which malloc marks, stays a small page.
                guard let block = allocate(threadHeapReserve) else { return nil }
                let fromHeap = Allocator.flags(of: block) == Allocator.nonMainArena
                free(block)
                let advised = madvise(UnsafeMutableRawPointer(bitPattern: heap), threadHeapSize, MADV_HUGEPAGE) == 0
                heaps[heap] = advised
                if advised && fromHeap { Allocator.fill(from: block, upTo: heap + hugePageSize) }
                return advised ? range : nil
            }
        #else
            return nil
        #endif
    }

    #if canImport(Glibc)
        private static let preparedHeaps = LockedHeaps()

        private final class LockedHeaps: @unchecked Sendable {
            private let lock = WorkLock()
            /// Whether each heap met was advised.
            private var heaps: [UInt: Bool] = [:]

            func withLock<Result>(_ body: (inout [UInt: Bool]) -> Result) -> Result {
                lock.withLock { body(&heaps) }
            }
        }
    #endif
}

#if canImport(Glibc)
    /// glibc's chunk layout: the word before a chunk's memory holds its size and, in the low bits,
    /// IS_MMAPPED (2) and NON_MAIN_ARENA (4); a chunk is the request plus that word, in 16-byte steps.
    private enum Allocator {
        static let nonMainArena: UInt = 4

        /// `malloc` through `dlsym`: the compiler knows `malloc` and treats a read before the memory it
        /// returns as undefined (it read garbage); through a pointer it is a plain load. Nil unless it is
        /// glibc's own: another allocator (a preloaded one, a sanitizer's) lays out its memory otherwise.
        typealias Allocate = @convention(c) (Int) -> UnsafeMutableRawPointer?
        static let allocate: Allocate? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc"),
                let libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD), dlsym(libc, "malloc") == symbol
            else { return nil }
            return unsafeBitCast(symbol, to: Allocate.self)
        }()

        static func flags(of memory: UnsafeMutableRawPointer) -> UInt {
            memory.load(fromByteOffset: -8, as: UInt.self) & 6
        }

        /// Allocates, and never frees, the space from `top` (where the heap's free top starts, once the
        /// memory there was freed) to 16 bytes before `boundary`, so that the next allocation from the top
        /// starts at `boundary` (nothing when it is too close or too far).
        static func fill(from top: UnsafeMutableRawPointer, upTo boundary: UInt) {
            // A chunk starts 16 bytes before its memory; a request of `n` bytes takes `n + 8`, 16-aligned.
            let chunk = UInt(bitPattern: top) - 16
            guard let allocate, boundary > chunk + 64, boundary - chunk <= hugePageSize else { return }
            _ = allocate(Int(boundary - 16 - chunk) - 8)
        }

        static let hugePageSize = HugePageHeap.hugePageSize
    }
#endif
