#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies a directory's state: the listing of a directory whose key is unchanged is the same,
/// since adding, removing or renaming an entry changes the directory's modification and change times
/// (and a directory replaced by another has another inode, a `chmod` changes the change time).
struct DirectoryKey: Equatable {
    var device: UInt64
    var inode: UInt64
    var modificationTime: Int64
    var changeTime: Int64
    var size: Int64

    /// The later of the two times: a listing is trusted only if it was read well after it.
    var lastChange: Int64 { max(modificationTime, changeTime) }

    static let byteCount = 40
}

extension DirectoryKey {
    init(_ info: stat) {
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino),
            modificationTime: Int64(modified.tv_sec) &* 1_000_000_000 &+ Int64(modified.tv_nsec),
            changeTime: Int64(changed.tv_sec) &* 1_000_000_000 &+ Int64(changed.tv_nsec), size: Int64(info.st_size))
    }
}

/// The listings file (`<cache dir>/<Target>.didirs`) as read: directories' raw records (name and `d_type`,
/// in the walk's path order, `PathOrderKey`, since format 2) under their `DirectoryKey`, found by the hash
/// of their path. Every byte is covered by a checksum, so a damaged or partly written file is taken as no
/// file.
///
/// Layout (little-endian): the magic `DIDIRS\0\0`, the format version (UInt32), the record count
/// (UInt32), the xxh3-64 of everything after the header (UInt64); an index of `count` slots sorted by
/// hash, each the xxh3-64 of the path, the record's offset and its length (UInt64, UInt32, UInt32); the
/// records, each the path's length (UInt32) and bytes, the key (five Int64), the entry count (UInt32)
/// and the entries, each its type (UInt8), its name's length (UInt16) and bytes and a NUL.
struct StoredListings {
    static let magic: [UInt8] = Array("DIDIRS\0\0".utf8)
    /// Bumped whenever the layout changes: a file of another version is ignored (and written again).
    /// 2: the entries in path order (1: in the order read).
    static let formatVersion: UInt32 = 2
    static let headerSize = 24
    static let slotSize = 16

    /// One directory's record in `bytes`.
    struct Record {
        /// Its position in the index (which `ListingCache` reports as reused).
        var slot: Int
        var key: DirectoryKey
        var entryCount: Int
        /// Where its entries start and end in `bytes`.
        var entries: Range<Int>
    }

    private let storage: MappedBytes
    private var bytes: UnsafeRawBufferPointer { storage.bytes }
    let count: Int

    static let empty = StoredListings(validated: MappedBytes(copying: []), count: 0)

    private init(validated storage: MappedBytes, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// The listings in `storage`, or nil when they are not a whole file of this version.
    private init?(_ storage: MappedBytes) {
        let bytes = storage.bytes
        guard bytes.count >= Self.headerSize, bytes.starts(with: Self.magic),
            Self.load(UInt32.self, bytes, at: 8) == Self.formatVersion
        else { return nil }
        let count = Int(Self.load(UInt32.self, bytes, at: 12))
        guard bytes.count >= Self.headerSize + count * Self.slotSize,
            Self.load(UInt64.self, bytes, at: 16)
                == Fingerprint.xxh3(UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...]))
        else { return nil }
        self.init(validated: storage, count: count)
    }

    /// The listings in `bytes`, or nil when they are not a whole file of this version.
    init?(_ bytes: [UInt8]) {
        self.init(MappedBytes(copying: bytes))
    }

    /// The listings in the file at `path`; empty when it is missing, damaged or of another version.
    init(contentsOf path: String) {
        self = MappedBytes(mapping: path).flatMap(StoredListings.init) ?? .empty
    }

    /// The record stored for the directory at `path`, if any.
    func record(forPath path: String) -> Record? {
        guard count > 0 else { return nil }
        var path = path
        return path.withUTF8 { pathBytes -> Record? in
            let hash = Fingerprint.xxh3(UnsafeRawBufferPointer(pathBytes))
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if slotHash(middle) < hash { low = middle + 1 } else { high = middle }
            }
            var slot = low
            while slot < count && slotHash(slot) == hash {
                if let record = record(inSlot: slot, ifPath: pathBytes) { return record }
                slot += 1
            }
            return nil
        }
    }

    /// The bytes of the record in `slot`, as written.
    func recordBytes(inSlot slot: Int) -> ArraySlice<UInt8> {
        let (offset, length) = slotRange(slot)
        return ArraySlice(bytes[offset..<offset + length])
    }

    func slotHash(_ slot: Int) -> UInt64 {
        Self.load(UInt64.self, bytes, at: Self.headerSize + slot * Self.slotSize)
    }

    /// Calls `body` with each entry's NUL-terminated name and type, in path order (as stored); false if the
    /// record turns out malformed (an entry past its end, a name not ending with its NUL or holding
    /// another), after which `body` is not called again. The entries are checked here, as they are
    /// visited, rather than each time a record is looked up.
    func forEachEntry(of record: Record, _ body: (_ name: UnsafePointer<CChar>, _ type: UInt8) -> Void) -> Bool {
        var offset = record.entries.lowerBound
        let end = record.entries.upperBound
        for _ in 0..<record.entryCount {
            guard offset + 3 <= end else { return false }
            let length = Int(Self.load(UInt16.self, bytes, at: offset + 1))
            let nameEnd = offset + 3 + length
            guard length > 0, nameEnd < end, bytes[nameEnd] == 0 else { return false }
            let name = (bytes.baseAddress! + offset + 3).assumingMemoryBound(to: CChar.self)
            guard strlen(name) == length else { return false }
            body(name, bytes[offset])
            offset = nameEnd + 1
        }
        return offset == end
    }

    private func slotRange(_ slot: Int) -> (offset: Int, length: Int) {
        let position = Self.headerSize + slot * Self.slotSize
        return (
            Int(Self.load(UInt32.self, bytes, at: position + 8)), Int(Self.load(UInt32.self, bytes, at: position + 12))
        )
    }

    /// The record of `slot` if it is well formed and for the path `pathBytes`.
    private func record(inSlot slot: Int, ifPath pathBytes: UnsafeBufferPointer<UInt8>) -> Record? {
        let (offset, length) = slotRange(slot)
        guard offset >= Self.headerSize, length >= 4, offset <= bytes.count - length else { return nil }
        let end = offset + length
        let pathLength = Int(Self.load(UInt32.self, bytes, at: offset))
        let keyStart = offset + 4 + pathLength
        guard pathLength == pathBytes.count, keyStart + DirectoryKey.byteCount + 4 <= end,
            pathLength == 0 || memcmp(bytes.baseAddress! + offset + 4, pathBytes.baseAddress!, pathLength) == 0
        else { return nil }
        let key = DirectoryKey(
            device: Self.load(UInt64.self, bytes, at: keyStart), inode: Self.load(UInt64.self, bytes, at: keyStart + 8),
            modificationTime: Self.load(Int64.self, bytes, at: keyStart + 16),
            changeTime: Self.load(Int64.self, bytes, at: keyStart + 24),
            size: Self.load(Int64.self, bytes, at: keyStart + 32))
        let entryCount = Int(Self.load(UInt32.self, bytes, at: keyStart + DirectoryKey.byteCount))
        let entriesStart = keyStart + DirectoryKey.byteCount + 4
        // The entries are checked as they are visited (`forEachEntry`).
        return Record(slot: slot, key: key, entryCount: entryCount, entries: entriesStart..<end)
    }

    static func load<Value: FixedWidthInteger>(_: Value.Type, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Value
    {
        Value(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }
}

/// The bytes of a listings file, mapped rather than read: its pages are the page cache's, so a run that
/// uses a few hundred kilobytes of listings faults a few times instead of once per fresh page. The file
/// is only ever replaced (renamed over), never truncated, so the mapping stays whole.
final class MappedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    init(copying array: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: array.count, alignment: 8)
        array.withUnsafeBytes { copy.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(copy)
        isMapped = false
    }

    /// The whole regular file at `path`, nil if it cannot be mapped (missing, empty, not a file).
    init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { _ = systemClose(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
            UInt64(info.st_size) <= OpenFile.inputSizeLimit,
            let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: Int(info.st_size))
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            bytes.deallocate()
        }
    }
}
