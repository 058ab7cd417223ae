import Dispatch

extension SourceCache {
    /// `store(_:for:)` for many files at once. The facts are encoded on every core against the key table
    /// as it is after the first file; the rare file that needs a key the table does not have yet is
    /// encoded again afterwards, one by one, extending the table. The result equals storing one by one.
    public mutating func store(_ facts: [FileFacts], for lookups: [FileLookup]) {
        guard let first = facts.first, let firstLookup = lookups.first, facts.count == lookups.count else { return }
        store(first, for: firstLookup)
        let table = keyTable
        let encoded = ConcurrentSlots<[UInt8]?>(count: facts.count)
        let chunkCount = min(facts.count, 64)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in max(1, facts.count * chunk / chunkCount)..<facts.count * (chunk + 1) / chunkCount {
                var encoder = BinaryEncoder(keyTable: table)
                let bytes = try? encoder.encode(facts[index])
                encoded[index] = encoder.keyTable.count == table.count ? bytes : nil
            }
        }
        for index in facts.indices.dropFirst() {
            guard let bytes = encoded[index], case .needsScan(_, let pending) = lookups[index].outcome else {
                store(facts[index], for: lookups[index])
                continue
            }
            statistics.scanned += 1
            lazyFacts?.replaced.insert(lookups[index].key)
            entries[lookups[index].key] = CacheEntry(
                status: pending.status, contentHash: pending.contentHash, needsVerification: pending.needsVerification,
                encodedFacts: bytes[...])
            hasChanges = true
        }
    }
}
