#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing the listings file (`StoredListings` has its layout).
extension StoredListings {
    /// A directory's record being made while the directory is read: its entries' bytes as they come.
    struct RecordBuilder {
        private(set) var entries: [UInt8] = []
        private(set) var entryCount = 0
        /// Where each entry's bytes start in `entries`.
        private var starts: [Int] = []
        /// False once an entry's kind depends on more than the directory (a symbolic link, or a type the
        /// file system does not report): such a listing is never stored.
        private(set) var isStorable = true

        /// Adds a record; `isComplete`: whether its entry is whole (a Swift file's stat was taken).
        mutating func add(name: UnsafePointer<CChar>, type: UInt8, isComplete: Bool = true) {
            guard isStorable else { return }
            let length = strlen(name)
            guard isComplete, Self.storableTypes.contains(type), length > 0, length <= Int(UInt16.max) else {
                isStorable = false
                return
            }
            starts.append(entries.count)
            entries.append(type)
            Self.append(UInt16(length), to: &entries)
            name.withMemoryRebound(to: UInt8.self, capacity: length) {
                entries.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
            entries.append(0)
            entryCount += 1
        }

        /// Puts the entries in the order of `order`, indices into the entries as added: a record is stored in
        /// path order, so that a walk that takes it does not sort it again.
        mutating func arrange(in order: [Int]) {
            guard isStorable, order.count == entryCount else { return }
            var arranged: [UInt8] = []
            arranged.reserveCapacity(entries.count)
            var arrangedStarts: [Int] = []
            arrangedStarts.reserveCapacity(entryCount)
            for index in order {
                let end = index + 1 < starts.count ? starts[index + 1] : entries.count
                arrangedStarts.append(arranged.count)
                arranged.append(contentsOf: entries[starts[index]..<end])
            }
            entries = arranged
            starts = arrangedStarts
        }

        /// The record of the directory at `path` with the key it had before it was read.
        func record(path: String, key: DirectoryKey) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(4 + path.utf8.count + DirectoryKey.byteCount + 4 + entries.count)
            Self.append(UInt32(path.utf8.count), to: &bytes)
            bytes.append(contentsOf: path.utf8)
            for field in [key.device, key.inode] { Self.append(field, to: &bytes) }
            for field in [key.modificationTime, key.changeTime, key.size] { Self.append(field, to: &bytes) }
            Self.append(UInt32(entryCount), to: &bytes)
            bytes.append(contentsOf: entries)
            return bytes
        }

        // DT_LNK (10) and DT_UNKNOWN (0) are looked up through the path, so their kind can change while the
        // directory does not.
        private static let storableTypes: Set<UInt8> = [1, 2, 4, 6, 8, 12, 14]

        static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    /// The bytes of a file holding `records`, each with the hash of its path, as pieces to write.
    static func fileBytes(_ records: [(hash: UInt64, bytes: ArraySlice<UInt8>)]) -> [ArraySlice<UInt8>] {
        let sorted = records.sorted { $0.hash < $1.hash }
        var index: [UInt8] = []
        index.reserveCapacity(sorted.count * slotSize)
        var offset = headerSize + sorted.count * slotSize
        for record in sorted {
            RecordBuilder.append(record.hash, to: &index)
            RecordBuilder.append(UInt32(offset), to: &index)
            RecordBuilder.append(UInt32(record.bytes.count), to: &index)
            offset += record.bytes.count
        }
        var hasher = XXH3Hasher()
        hasher.update(index[...])
        for record in sorted { hasher.update(record.bytes) }
        var header = magic
        RecordBuilder.append(formatVersion, to: &header)
        RecordBuilder.append(UInt32(sorted.count), to: &header)
        RecordBuilder.append(hasher.finalize(), to: &header)
        return [header[...], index[...]] + sorted.map(\.bytes)
    }
}
