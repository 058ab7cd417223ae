#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file's bytes mapped under a shared `flock`, for a reader that makes values over them. Read into
/// a buffer, a file of megabytes costs fresh memory (a fault and a zeroed page per 4 KiB, and after an idle
/// pause a fault on this virtual machine's host too) and a copy; mapped, its pages are the page cache's, a
/// fault maps 16 of them, and nothing is copied. The mapping is never unmapped: what was read over it may
/// live as long as the process (as `PermanentStrings` do).
///
/// A mapped page past the file's end faults with `SIGBUS`, so the file must never shrink below the length
/// mapped. dibuild's own writers never shrink it: an appender (`CacheJournal.append`, under an exclusive
/// `flock`, which the shared one excludes while the file is read) cuts a failed write back only to the
/// length it found, never below a length a reader saw, and a rewrite renames a new file over the path,
/// leaving the mapped one whole. While an append holds its lock, or where the file cannot be mapped, there
/// is no mapping and the caller reads the file instead.
struct MappedFile {
    let bytes: UnsafeRawBufferPointer
    /// The file's identity and length once locked: the length mapped.
    let stamp: FileStamp
    private let descriptor: Int32

    init?(_ file: OpenFile) {
        guard flock(file.descriptor, LOCK_SH | LOCK_NB) == 0 else { return nil }
        guard let stamp = try? file.stamp(), stamp.size > 0,
            let address = mmap(nil, stamp.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0),
            address != MAP_FAILED
        else {
            _ = flock(file.descriptor, LOCK_UN)
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: address, count: stamp.size)
        self.stamp = stamp
        descriptor = file.descriptor
    }

    /// Releases the lock once the bytes are read (before the file is closed); the mapping stays.
    func unlock() {
        _ = flock(descriptor, LOCK_UN)
    }
}
