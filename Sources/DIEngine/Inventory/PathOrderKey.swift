/// The order a walk visits a directory's entries in: the byte order of the paths they lead to, where a
/// directory's name counts as followed by `/`. Entries are sorted by the first 16 bytes of that key read as
/// two big-endian integers (a name holds no NUL byte, so padding with zeros keeps the byte order), and by
/// the whole key only when those agree: no key string is built for the usual short names.
struct PathOrderKey {
    private var high: UInt64 = 0
    private var low: UInt64 = 0
    /// Whether the key is longer than the 16 bytes held.
    private var isLonger = false
    /// The entry's position in its directory listing.
    private let index: Int

    init(_ name: String, isDirectory: Bool, index: Int) {
        self.index = index
        var count = 0
        func add(_ byte: UInt8) {
            if count < 8 {
                high |= UInt64(byte) << (56 - 8 * count)
            } else if count < 16 {
                low |= UInt64(byte) << (56 - 8 * (count - 8))
            } else {
                isLonger = true
            }
            count += 1
        }
        for byte in name.utf8 {
            add(byte)
            if isLonger { return }
        }
        if isDirectory { add(UInt8(ascii: "/")) }
    }

    /// The indices of `entries` in path order. The keys themselves are sorted, not indices into them: the
    /// comparisons then read no other array.
    static func sortedIndices(_ entries: [DirectoryEntry]) -> [Int] {
        var keys = entries.indices.map {
            PathOrderKey(entries[$0].name, isDirectory: entries[$0].kind == .directory, index: $0)
        }
        keys.sort { left, right in
            if left.high != right.high { return left.high < right.high }
            if left.low != right.low { return left.low < right.low }
            // The same first 16 bytes: only a longer key can tell them apart.
            guard left.isLonger || right.isLonger else { return false }
            return ByteOrder.precedes(fullKey(entries[left.index]), fullKey(entries[right.index]))
        }
        return keys.map(\.index)
    }

    private static func fullKey(_ entry: DirectoryEntry) -> String {
        entry.kind == .directory ? entry.name + "/" : entry.name
    }
}
