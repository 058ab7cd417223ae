/// The first components of the typealiases' full names (`Storage` of `Storage.Backend`), as bits set by
/// their xxh3. A name whose first component has no bit has no prefix that is a typealias (every prefix of
/// a dotted name starts with its first component), so `TypeTable.resolvesAsWritten` need not look its
/// prefixes up: real code asks about ~1,300 dotted extensions, each prefix a look-up of the
/// typealiases and, past 15 bytes, a new string. A bit set by another name only costs those look-ups.
struct AliasHeads {
    private var bits: [UInt64]
    private let mask: Int
    /// A key whose bytes could not be read in place: every name may then start like a typealias.
    private var isAll = false

    /// For about `capacity` names; more only make a name that is no typealias's head pass more often.
    init(capacity: Int) {
        // At most one in eight bits set: a name asked about shares a bit with some typealias rarely.
        var count = 64
        while count < capacity * 8 { count *= 2 }
        bits = Array(repeating: 0, count: count / 64)
        mask = count - 1
    }

    init(_ keys: some Collection<String>) {
        self.init(capacity: keys.count)
        for key in keys { insert(key) }
    }

    /// Adds a typealias's full name.
    mutating func insert(_ key: String) {
        guard let hash = Self.hashOfHead(key) else {
            isAll = true
            return
        }
        let bit = Int(truncatingIfNeeded: hash) & mask
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// Whether some typealias's full name may start with `name`'s first component; true also when the
    /// name's bytes cannot be read in place.
    func mayHead(_ name: String) -> Bool {
        guard !isAll, let hash = Self.hashOfHead(name) else { return true }
        let bit = Int(truncatingIfNeeded: hash) & mask
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// xxh3 of the bytes before the first `.` (all of them when there is none).
    private static func hashOfHead(_ name: String) -> UInt64? {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
            return Fingerprint.xxh3(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<end])))
        }
    }
}
