/// The facts blobs of a lazily loaded cache, read one by one from the cache file instead of the whole facts
/// section: a run whose table image holds every file's part but a few needs the blobs of those few, and
/// of the files a link step reads (`LinkSources`). Each blob is checked against the stat table's facts
/// hash before use (the section's own checksum is not read).
struct FactsOnDemand: Sendable {
    /// Where one file's facts are: in memory, or at a range of the cache file.
    enum Blob: Sendable {
        case inMemory(ArraySlice<UInt8>)
        case inFile(FactsOnDemand, Range<Int>, hash: UInt64)

        /// The blob's bytes; nil when they cannot be read or do not hash to the entry's facts hash.
        func bytes() -> ArraySlice<UInt8>? {
            switch self {
            case .inMemory(let bytes): return bytes
            case .inFile(let file, let range, let hash):
                guard let bytes = try? file.source.file.read(count: range.count, at: range.lowerBound),
                    bytes.count == range.count, Fingerprint.xxh3(bytes) == hash
                else { return nil }
                return bytes[...]
            }
        }
    }

    fileprivate let source: LazyFacts.Source

    init(source: LazyFacts.Source) { self.source = source }

    /// Each lookup's blob: in memory when its entry holds it (stored or replayed since the load), else in
    /// the file, found by walking the stat table's blob list beside the lookups (both in path order), a
    /// dictionary of its paths made only for a lookup out of that order. Nil for a lookup that is not
    /// cached, or whose blob is nowhere.
    static func blobs(of lookups: [FileLookup], in lazy: LazyFacts) -> [Blob?] {
        let reader = FactsOnDemand(source: lazy.source)
        let listed = lazy.head.blobs
        let sectionStart = lazy.head.blobsRange.lowerBound
        var byPath: [String: Int]?
        var next = 0
        return lookups.map { lookup -> Blob? in
            guard case .cached = lookup.outcome, let entry = lookup.entry else { return nil }
            if !entry.encodedFacts.isEmpty { return .inMemory(entry.encodedFacts) }
            var position = (next..<min(next + 4, listed.count)).first { listed[$0].path == lookup.key }
            if position == nil {
                if byPath == nil {
                    var all: [String: Int] = [:]
                    for (index, blob) in listed.enumerated() where all[blob.path] == nil { all[blob.path] = index }
                    byPath = all
                }
                position = byPath?[lookup.key]
            }
            guard let position else { return nil }
            next = position + 1
            let range = listed[position].range
            return .inFile(
                reader, (sectionStart + range.lowerBound)..<(sectionStart + range.upperBound), hash: entry.factsHash)
        }
    }
}
