#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stat table's slots, found for the walk's candidates by going through the table's order beside them
/// (`FreshnessPrecheck`): a merge of two sorted lists. Both are in byte order (the walk's order is,
/// `PathOrderKey`), so the cursor only moves forward; the slot it gives holds the stored key itself and its
/// entry, which the precheck then takes without building a `String` per source or hashing one.
///
/// Only a byte-for-byte match of `directory/file` with a stored key counts. Stored keys are normalised
/// absolute paths, so a match is exactly what `AbsolutePath.Base.absolute(file)` would build; anything
/// else (a file not in the table, a candidate out of the table's order, a path that is not the plain
/// concatenation) gives nil and is looked up the usual way.
struct StoredKeyCursor {
    private let table: StatTable
    private let directory: String
    private var position = 0

    /// Nil when `directory` is not a normalised absolute directory other than `/`: the keys of its files are
    /// then not the plain concatenation.
    init?(table: StatTable, directory: String) {
        guard directory != "/", directory.utf8.first == UInt8(ascii: "/"), AbsolutePath.isNormalized(directory)
        else { return nil }
        self.table = table
        self.directory = directory
    }

    /// The table's position of the stored key that `directory/file` spells, if it is at or after the cursor.
    mutating func position(for file: String) -> Int? {
        var directory = directory
        var file = file
        let count = table.storedCount
        return directory.withUTF8 { head in
            file.withUTF8 { tail in
                while position < count {
                    let order = table.withKey(at: position) { Self.order(of: $0, comparedWith: head, tail) }
                    if order > 0 { return nil }
                    position += 1
                    if order == 0 { return position - 1 }
                }
                return nil
            }
        }
    }

    /// The byte order of `key` against `head/tail`: negative, zero or positive.
    private static func order(
        of key: UnsafeBufferPointer<UInt8>, comparedWith head: UnsafeBufferPointer<UInt8>,
        _ tail: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let headCount = min(head.count, key.count)
        if headCount > 0 {
            let order = memcmp(key.baseAddress!, head.baseAddress!, headCount)
            if order != 0 { return Int(order) }
        }
        // A stored key that ends within `head/` is a proper prefix of the path: it comes first.
        guard key.count > head.count else { return -1 }
        let slash = UInt8(ascii: "/")
        if key[head.count] != slash { return Int(key[head.count]) - Int(slash) }
        let rest = key.count - head.count - 1
        let tailCount = min(tail.count, rest)
        if tailCount > 0 {
            let order = memcmp(key.baseAddress! + head.count + 1, tail.baseAddress!, tailCount)
            if order != 0 { return Int(order) }
        }
        return rest - tail.count
    }
}
