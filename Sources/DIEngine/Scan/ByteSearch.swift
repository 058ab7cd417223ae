/// Plain byte-level searches used before (and instead of) parsing.
enum ByteSearch {
    /// Offsets of every occurrence of `needle` in `haystack`, ascending.
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= haystack.count else { return [] }
        var result: [Int] = []
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            if haystack[index] == first && matches(needle, in: haystack, at: index) { result.append(index) }
            index += 1
        }
        return result
    }

    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            if haystack[index] == first && matches(needle, in: haystack, at: index) { return true }
            index += 1
        }
        return false
    }

    /// ASCII letters, digits and `_`, and any byte of a non-ASCII character (Swift allows many in names).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    static func matches(_ needle: [UInt8], in haystack: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + needle.count <= haystack.count else { return false }
        for (index, byte) in needle.enumerated() where haystack[offset + index] != byte { return false }
        return true
    }
}

/// Sorted offsets of interesting words, answering "does this byte range contain one?" in O(log n).
struct OccurrenceIndex {
    private let offsets: [Int]

    init(words: [String], in bytes: [UInt8]) {
        offsets = words.flatMap { ByteSearch.occurrences(of: Array($0.utf8), in: bytes) }.sorted()
    }

    var isEmpty: Bool { offsets.isEmpty }

    /// True when an occurrence starts in `start..<end`.
    func containsOccurrence(from start: Int, to end: Int) -> Bool {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] < end
    }
}
