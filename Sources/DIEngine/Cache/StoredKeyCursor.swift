#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stat table's own keys, found for the walk's candidates by going through the table's path order
/// beside them (`FreshnessPrecheck`). Both are in byte order, so the cursor only moves forward; the key it
/// gives is the stored string itself, which the precheck then neither builds (a `String` per source) nor
/// compares byte by byte in the dictionary (the same string object is equal at once).
///
/// Only a byte-for-byte match of `directory/file` with a stored key counts. Stored keys are normalised
/// absolute paths, so a match is exactly what `AbsolutePath.Base.absolute(file)` would build; anything
/// else (a file not in the table, a candidate out of the table's order, a path that is not the plain
/// concatenation) gives nil and is looked up the usual way.
struct StoredKeyCursor {
    private let keys: [(path: String, range: Range<Int>)]
    private let directory: String
    private var position = 0

    /// Nil when `directory` is not a normalised absolute directory other than `/`: the keys of its files are
    /// then not the plain concatenation.
    init?(keys: [(path: String, range: Range<Int>)], directory: String) {
        guard directory != "/", directory.utf8.first == UInt8(ascii: "/"), AbsolutePath.isNormalized(directory)
        else { return nil }
        self.keys = keys
        self.directory = directory
    }

    /// The stored key that `directory/file` spells, if the table holds it at or after the cursor.
    mutating func key(for file: String) -> String? {
        var directory = directory
        var file = file
        return directory.withUTF8 { head in
            file.withUTF8 { tail in
                while position < keys.count {
                    let order = Self.order(of: keys[position].path, comparedWith: head, tail)
                    if order > 0 { return nil }
                    position += 1
                    if order == 0 { return keys[position - 1].path }
                }
                return nil
            }
        }
    }

    /// The byte order of `stored` against `head/tail`: negative, zero or positive.
    private static func order(
        of stored: String, comparedWith head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var stored = stored
        return stored.withUTF8 { key in
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
}
