#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Directory listings kept from one build to the next, as git's untracked cache keeps them: a directory
/// whose `DirectoryKey` is unchanged has the entries it had, so its listing is not read again
/// (`getdents64` was about half of a walk's kernel time); only its Swift files are stat'ed, as always.
/// The entries come from the stored records through the same code as from the disk's
/// (`LocalDisk.entry`), so the walk's findings are the same either way.
///
/// A listing is kept only when nothing about it can change without changing the key:
/// - it was read at least `settlingTime` after the directory's last change (its modification or change
///   time), so that a change in the same clock tick as the read, which could leave the times as they
///   were, cannot have happened after it (git's "racily clean" entries);
/// - on a local file system known to keep nanosecond times (ext4, XFS, Btrfs, tmpfs, F2FS); anything
///   else is always read;
/// - no entry is a symbolic link or of a type the file system does not report, since those are
///   resolved through their path and can change while the directory does not.
/// A stored listing whose Swift file cannot be stat'ed is not used: the directory is read instead.
/// Any thread may list through it; `save` runs once the walks are over.
final class ListingCache: @unchecked Sendable {
    let filePath: String
    private let stored: StoredListings
    private let lock = ConditionLock()
    // Guarded by `lock`.
    /// The index slots of the stored records used.
    private var reusedSlots: [Int] = []
    /// Records of listings read this run that may be kept, by path.
    private var readRecords: [String: [UInt8]] = [:]
    /// Whether the file system of the device last seen keeps times that can be trusted: a walk usually
    /// stays on one device, and a dictionary's generic metadata cost more than asking again on another.
    private var lastDevice: (device: UInt64, isTrusted: Bool)?

    /// How long after a directory's last change its listing must have been read to be kept, in
    /// nanoseconds: a second by default, far more than the kernel's clock tick (the granularity of its
    /// times); tests that change directories on purpose use less.
    private let settlingTime: Int64

    /// The listings stored at `filePath` (none when it is missing or unreadable).
    init(filePath: String, settlingTime: Int64 = 1_000_000_000) {
        self.filePath = filePath
        self.settlingTime = settlingTime
        stored = StoredListings(contentsOf: filePath)
    }

    /// How many stored listings were used so far.
    var reusedCount: Int { lock.withLock { reusedSlots.count } }

    /// The target's listings for `build`, which writes its cache; nil with `--no-cache`.
    convenience init?(settings: TargetSettings, options: RunOptions) {
        guard options.cacheMode(writing: true) == .readWrite else { return nil }
        self.init(filePath: Self.path(cacheFile: CacheLoadAhead.cachePath(of: settings)))
    }

    /// `<cache dir>/<Target>.didirs`, beside the target's cache file.
    static func path(cacheFile: String) -> String {
        let stem = cacheFile.hasSuffix(".dicache") ? String(cacheFile.dropLast(".dicache".count)) : cacheFile
        return stem + ".didirs"
    }

    /// The entries of the directory at `path` except `.` and `..` (`LocalDisk.entries(ofDirectory:)`),
    /// from the stored listing when the directory is unchanged; nil if it cannot be listed.
    func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        guard let listing = listing(ofDirectory: path) else { return nil }
        listing.closeDirectory()
        return listing.entries
    }

    /// `entries(ofDirectory:)` for a walk: the directory is opened as `name` in the open directory `parent`
    /// when there is one (`path` names the same directory; only its last component is looked up then), and
    /// left open for the caller to close or to open its subdirectories in.
    func listing(ofDirectory path: String, in parent: Int32 = -1, named name: String = "") -> DirectoryListing? {
        #if canImport(Glibc)
            guard DirectoryRecords.readsOpenDirectories else {
                return LocalDisk.entries(ofDirectory: path).map { DirectoryListing(entries: $0) }
            }
            let flags = O_RDONLY | O_NONBLOCK | O_DIRECTORY | O_CLOEXEC
            let descriptor = parent >= 0 ? openat(parent, name, flags) : open(path, flags)
            guard descriptor >= 0 else { return nil }
            var info = stat()
            guard fstat(descriptor, &info) == 0, isTrusted(device: info.st_dev, descriptor: descriptor) else {
                return Self.read(path, descriptor: descriptor, into: nil)
            }
            let key = DirectoryKey(info)
            if let record = stored.record(forPath: path), record.key == key,
                let entries = entries(of: record, path: path, descriptor: descriptor)
            {
                lock.withLock { reusedSlots.append(record.slot) }
                return DirectoryListing(entries: entries, inPathOrder: true, descriptor: descriptor)
            }
            let start = currentTimeNanoseconds()
            var builder = StoredListings.RecordBuilder()
            let listing = Self.read(path, descriptor: descriptor, into: &builder)
            if builder.isStorable && key.lastChange <= start - settlingTime {
                let record = builder.record(path: path, key: key)
                lock.withLock { readRecords[path] = record }
            }
            return listing
        #else
            return LocalDisk.entries(ofDirectory: path).map { DirectoryListing(entries: $0) }
        #endif
    }

    /// Writes the listings used and kept this run, unless they are exactly those read at the start; a
    /// failure is ignored (the file only saves time).
    func save() {
        let (reused, read) = lock.withLock { (Set(reusedSlots), readRecords) }
        guard !read.isEmpty || reused.count != stored.count else { return }
        var records: [(hash: UInt64, bytes: ArraySlice<UInt8>)] = []
        records.reserveCapacity(reused.count + read.count)
        for slot in reused.sorted() {
            let bytes = stored.recordBytes(inSlot: slot)
            // A directory read again after its stored listing was used (listed twice) keeps the new one.
            if !read.isEmpty, read[Self.path(ofRecord: bytes)] != nil { continue }
            records.append((stored.slotHash(slot), bytes))
        }
        for (path, bytes) in read {
            records.append((Fingerprint.xxh3(Array(path.utf8)), bytes[...]))
        }
        try? AtomicFileWriter.write(pieces: StoredListings.fileBytes(records), to: filePath)
    }

    private static func path(ofRecord bytes: ArraySlice<UInt8>) -> String {
        let length = Int(bytes.prefix(4).withUnsafeBytes { StoredListings.load(UInt32.self, $0, at: 0) })
        return String(decoding: bytes.dropFirst(4).prefix(length), as: UTF8.self)
    }

    #if canImport(Glibc)
        /// The entries of a stored record, stat'ed in the open directory; nil if a Swift file's stat fails or
        /// the record is malformed (then the directory is read).
        private func entries(of record: StoredListings.Record, path: String, descriptor: Int32) -> [DirectoryEntry]? {
            var result: [DirectoryEntry] = []
            result.reserveCapacity(record.entryCount)
            var complete = true
            let wellFormed = stored.forEachEntry(of: record) { name, type in
                guard complete,
                    let entry = LocalDisk.entry(named: name, type: type, inDirectory: path, descriptor: descriptor)
                else { return }
                if entry.takesStatus && entry.status == nil { complete = false }
                result.append(entry)
            }
            return complete && wellFormed ? result : nil
        }

        /// The directory's entries read from the disk, each record also given to `builder` if any; a listing
        /// that may be stored is put in path order, the record as well.
        private static func read(
            _ path: String, descriptor: Int32, into builder: UnsafeMutablePointer<StoredListings.RecordBuilder>?
        ) -> DirectoryListing {
            var result: [DirectoryEntry] = []
            DirectoryRecords.forEach(inOpenDirectory: descriptor) { name, type, descriptor in
                guard let entry = LocalDisk.entry(named: name, type: type, inDirectory: path, descriptor: descriptor)
                else { return }
                // A Swift file that cannot be stat'ed (a directory without search permission) would send
                // every later run back to the disk and have it write the file again: such a listing is not kept.
                builder?.pointee.add(name: name, type: type, isComplete: !entry.takesStatus || entry.status != nil)
                result.append(entry)
            }
            guard let builder, builder.pointee.isStorable else {
                return DirectoryListing(entries: result, descriptor: descriptor)
            }
            let order = PathOrderKey.sortedIndices(result)
            builder.pointee.arrange(in: order)
            return DirectoryListing(entries: order.map { result[$0] }, inPathOrder: true, descriptor: descriptor)
        }

        /// Whether the directory's file system keeps nanosecond times that change with every change (a
        /// device's answer is asked once per run).
        private func isTrusted(device: dev_t, descriptor: Int32) -> Bool {
            let device = UInt64(truncatingIfNeeded: device)
            if let known = lock.withLock({ lastDevice }), known.device == device { return known.isTrusted }
            let trusted = Self.fileSystemType(descriptor).map(Self.trustedFileSystems.contains) ?? false
            lock.withLock { lastDevice = (device, trusted) }
            return trusted
        }

        // ext4 (and ext2/3), XFS, Btrfs, tmpfs, F2FS.
        private static let trustedFileSystems: [Int] = [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0xF2F5_2010]

        /// `f_type` of `fstatfs`, which the Glibc module does not declare (<sys/vfs.h>): found with `dlsym`
        /// like `getdents64`, on the 64-bit platforms whose `struct statfs` starts with it as a `long`.
        private static func fileSystemType(_ descriptor: Int32) -> Int? {
            #if arch(x86_64) || arch(arm64)
                guard let fstatfs else { return nil }
                return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
                    fstatfs(descriptor, buffer.baseAddress) == 0 ? buffer.load(as: Int.self) : nil
                }
            #else
                return nil
            #endif
        }

        private typealias FileSystemStatus = @convention(c) (Int32, UnsafeMutableRawPointer?) -> Int32
        private static let fstatfs: FileSystemStatus? = dlsym(dlopen(nil, RTLD_NOW), "fstatfs").map {
            unsafeBitCast($0, to: FileSystemStatus.self)
        }
    #endif
}
