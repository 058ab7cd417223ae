import Dispatch

/// Recognises files that dibuild generated (`GeneratedMarker`) by their first bytes only. The check opens
/// every candidate, so it runs on all cores: it is most of an inventory's cost.
enum GeneratedFileFilter {
    /// For each file-system path, whether the file starts with the marker.
    static func flags(forFiles paths: [String], disk: any DiskInterface) -> [Bool] {
        var flags = [Bool](repeating: false, count: paths.count)
        let chunkCount = min(paths.count, 64)
        guard chunkCount > 0 else { return flags }
        flags.withUnsafeMutableBufferPointer { buffer in
            // Each chunk writes a disjoint range of the buffer.
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let start = paths.count * chunk / chunkCount
                let end = paths.count * (chunk + 1) / chunkCount
                for index in start..<end {
                    output[index] = disk.isGeneratedFile(paths[index])
                }
            }
        }
        return flags
    }
}
