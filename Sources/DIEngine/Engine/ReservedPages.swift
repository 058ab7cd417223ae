#if canImport(Glibc)
    import Glibc
#endif

/// Faults in the pages of an array's reserved capacity before its elements are written, on a thread that
/// would otherwise wait: each 4 KiB page first written costs a page fault (~1.4 us here), and the facts
/// phase of a DI edit waits ~2.5 ms for the table image with nothing else to do, then fills ~1.9 MB of link
/// inputs on the generated 10,000-file project. A hint: contents and results are the same without it.
enum ReservedPages {
    /// Below this (16 pages) the call costs about what it saves.
    static let threshold = 64 << 10

    /// `MADV_POPULATE_WRITE` from `<linux/mman.h>`, which Glibc's module does not export.
    private static let populateWrite: Int32 = 23

    /// Reserves `capacity` elements and faults their pages in (`MADV_POPULATE_WRITE`, Linux 5.14; an older
    /// kernel refuses it and the writes fault the pages in as before).
    static func reserve<Element>(_ array: inout [Element], capacity: Int) {
        array.reserveCapacity(capacity)
        #if os(Linux)
            let size = array.capacity * MemoryLayout<Element>.stride
            guard size >= threshold,
                let base = array.withUnsafeMutableBufferPointer({ $0.baseAddress.map(UnsafeMutableRawPointer.init) })
            else { return }
            let pageSize = 4096
            // Pages shared with a neighbour are mapped already: faulting them in changes nothing of theirs.
            let start = Int(bitPattern: base) & ~(pageSize - 1)
            let end = (Int(bitPattern: base) + size + pageSize - 1) & ~(pageSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, populateWrite)
        #endif
    }
}
