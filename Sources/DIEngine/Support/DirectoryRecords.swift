#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The records of a directory read straight from the kernel where it can be: on Linux `getdents64` on a
/// descriptor opened with `O_DIRECTORY`, into a buffer on the stack. `opendir` also calls `fstat` on the
/// directory (for a buffer size) and allocates 32 KB per directory: one system call in five of a walk.
enum DirectoryRecords {
    /// Calls `body` with each record's name (NUL-terminated, `.` and `..` included), its `d_type` and
    /// the open directory's descriptor (for `fstatat`); false when the directory cannot be opened.
    static func forEach(
        inDirectory path: String, _ body: (_ name: UnsafePointer<CChar>, _ type: UInt8, _ descriptor: Int32) -> Void
    ) -> Bool {
        #if canImport(Glibc)
            if getdents64 != nil {
                let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { return false }
                defer { _ = systemClose(descriptor) }
                forEach(inOpenDirectory: descriptor, body)
                return true
            }
        #endif
        guard let stream = opendir(path) else { return false }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        while let record = readdir(stream) {
            let type = record.pointee.d_type
            withUnsafePointer(to: &record.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    body($0, type, descriptor)
                }
            }
        }
        return true
    }

    #if canImport(Glibc)
        // `getdents64` is declared by <dirent.h> only with `_GNU_SOURCE`, which the Glibc module leaves out.
        private typealias GetDirectoryEntries = @convention(c) (Int32, UnsafeMutableRawPointer?, Int) -> Int
        private static let getdents64: GetDirectoryEntries? = dlsym(dlopen(nil, RTLD_NOW), "getdents64").map {
            unsafeBitCast($0, to: GetDirectoryEntries.self)
        }

        private static let bufferSize = 32 << 10

        /// Whether `forEach(inOpenDirectory:_:)` can be used: false where `getdents64` is not found.
        static var readsOpenDirectories: Bool { getdents64 != nil }

        /// `forEach(inDirectory:_:)` on a directory opened with `O_DIRECTORY` (`readsOpenDirectories` only),
        /// for a caller that also wants its `fstat`.
        static func forEach(
            inOpenDirectory descriptor: Int32,
            _ body: (_ name: UnsafePointer<CChar>, _ type: UInt8, _ descriptor: Int32) -> Void
        ) {
            guard let getdents64 else { return }
            withUnsafeTemporaryAllocation(byteCount: bufferSize, alignment: 8) { buffer in
                while true {
                    let count = getdents64(descriptor, buffer.baseAddress, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    // An error after the first records ends the listing, as `readdir` does.
                    if count <= 0 { return }
                    var offset = 0
                    while offset < count {
                        // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
                        let record = buffer.baseAddress! + offset
                        let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                        let type = record.load(fromByteOffset: 18, as: UInt8.self)
                        body((record + 19).assumingMemoryBound(to: CChar.self), type, descriptor)
                        offset += length
                    }
                }
            }
        }
    #endif
}
