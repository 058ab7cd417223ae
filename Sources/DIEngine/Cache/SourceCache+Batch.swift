import Dispatch

extension SourceCache {
    /// `store(_:for:)` for many files at once, encoding the facts on every core. The result equals storing
    /// one by one.
    mutating func store(_ facts: [FileFacts], for lookups: [FileLookup]) {
        guard facts.count == lookups.count, !facts.isEmpty else { return }
        let encoded = ConcurrentSlots<[UInt8]>(count: facts.count)
        let chunkCount = min(facts.count, 64)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            for index in facts.count * chunk / chunkCount..<facts.count * (chunk + 1) / chunkCount {
                encoded[index] = FactsCodec.encode(facts[index])
            }
        }
        store(encoded: facts.indices.map { encoded[$0] }, for: lookups)
    }

    /// `store(_:for:)` for facts already encoded (`FactsCodec.encode`), as the scan workers do it beside
    /// the scan, so that no pass over every file's facts is left between the scan and the link.
    mutating func store(encoded: [[UInt8]], for lookups: [FileLookup]) {
        guard encoded.count == lookups.count else { return }
        for index in encoded.indices {
            guard case .needsScan(_, let pending) = lookups[index].outcome else { continue }
            statistics.scanned += 1
            lazyFacts?.replaced.insert(lookups[index].key)
            setEntry(
                CacheEntry(
                    status: pending.status, contentHash: pending.contentHash,
                    needsVerification: pending.needsVerification, encodedFacts: encoded[index][...]),
                forKey: lookups[index].key)
            hasChanges = true
        }
    }
}
