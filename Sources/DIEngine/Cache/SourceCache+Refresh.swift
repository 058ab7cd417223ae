extension SourceCache {
    /// `refreshed(_:)` just after `loadFacts` read `section`, whose blobs `blobs` lists in the stat table's
    /// order. The lookups are usually in that order too (both sorted by path), so a cached lookup's blob is
    /// found by comparing its key with the next few paths of the list, and only a lookup out of that order
    /// is found by hashing its path: hashing every path was most of refreshing them. A lookup whose entry
    /// already has its facts (stored, or read from the journal, since the load) keeps them, as the entries do.
    func refreshed(
        _ lookups: [FileLookup], along blobs: [BlobPlace], in section: ArraySlice<UInt8>
    ) -> [FileLookup] {
        var next = 0
        return lookups.map { lookup in
            guard case .cached = lookup.outcome, var entry = lookup.entry, entry.encodedFacts.isEmpty else {
                return refreshed(lookup)
            }
            let window = next..<min(next + 4, blobs.count)
            if let position = window.first(where: { blobs[$0].path == lookup.key }) {
                next = position + 1
                let blob = blobs[position]
                entry.encodedFacts = section[(section.startIndex + blob.start)..<(section.startIndex + blob.end)]
            } else if let stored = entries[lookup.key] {
                entry = stored
            } else {
                return lookup
            }
            return FileLookup(path: lookup.path, key: lookup.key, outcome: .cached(entry.encodedFacts), entry: entry)
        }
    }

    /// One lookup as `refreshed(_:)` refreshes it; one with facts already needs no hashing.
    private func refreshed(_ lookup: FileLookup) -> FileLookup {
        guard case .cached = lookup.outcome, lookup.entry?.encodedFacts.isEmpty != false else { return lookup }
        guard let entry = entries[lookup.key] else { return lookup }
        return FileLookup(path: lookup.path, key: lookup.key, outcome: .cached(entry.encodedFacts), entry: entry)
    }
}
