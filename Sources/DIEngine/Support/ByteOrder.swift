#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UTF-8 byte order and byte-wise affixes for the inventory's hot paths. Same results as
/// `a.utf8.lexicographicallyPrecedes(b.utf8)` and `utf8.starts(with:)`, but `memcmp` on the contiguous
/// storage is an order of magnitude faster over ten thousand paths, and never applies Unicode equivalence.
enum ByteOrder {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let order = compare(left, right, count: min(left.count, right.count))
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    /// For ASCII text (the common case for paths) `String.<` already is byte order and much faster.
    static func sorted(_ paths: [String]) -> [String] {
        paths.allSatisfy(isASCII) ? paths.sorted() : paths.sorted(by: precedes)
    }

    /// The indices of `keys` in the byte order of the keys (sorting indices moves less than sorting
    /// larger elements).
    static func sortedIndices(_ keys: [String]) -> [Int] {
        keys.allSatisfy(isASCII)
            ? keys.indices.sorted { keys[$0] < keys[$1] } : keys.indices.sorted { precedes(keys[$0], keys[$1]) }
    }

    /// `elements` sorted by the byte order of `key`. The keys are sorted as indices: moving large
    /// elements (link units, declared types) while sorting cost more than the comparisons.
    static func sorted<Element>(_ elements: [Element], by key: (Element) -> String) -> [Element] {
        sortedIndices(elements.map(key)).map { elements[$0] }
    }

    /// Whether every element's key comes strictly before the next one's: a list known sorted and unique
    /// needs no sort.
    static func isStrictlyIncreasing<Element>(_ elements: [Element], by key: (Element) -> String) -> Bool {
        // By index: zipping the array with itself would copy (retain and release) every element twice.
        elements.indices.dropFirst().allSatisfy { precedes(key(elements[$0 - 1]), key(elements[$0])) }
    }

    /// The byte order of `lhs` against `rhs`: negative, zero or positive.
    static func order(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let common = min(lhs.count, rhs.count)
        if common > 0 {
            let order = memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return lhs.count - rhs.count
    }

    /// Whether `bytes` are all ASCII, eight at a time (a byte-by-byte check cost half as much as
    /// hashing the name).
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var combined: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            combined |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            combined |= UInt64(bytes[offset])
            offset += 1
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }

    static func isASCII(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
        var string = string
        var prefix = prefix
        return string.withUTF8 { bytes in
            prefix.withUTF8 { start in bytes.count >= start.count && compare(bytes, start, count: start.count) == 0 }
        }
    }

    static func hasSuffix(_ string: String, _ suffix: String) -> Bool {
        var string = string
        var suffix = suffix
        return string.withUTF8 { bytes in
            suffix.withUTF8 { end in
                bytes.count >= end.count
                    && compare(
                        UnsafeBufferPointer(rebasing: bytes[(bytes.count - end.count)...]), end, count: end.count) == 0
            }
        }
    }

    private static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>, count: Int)
        -> Int32
    {
        guard count > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return 0 }
        return memcmp(left, right, count)
    }
}

extension String {
    /// Names starting with `.`: skipped by walks, never matched by wildcards.
    var isHiddenName: Bool { utf8.first == UInt8(ascii: ".") }
}
