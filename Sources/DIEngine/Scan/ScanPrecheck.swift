/// Decides, from the bytes alone, whether a file can skip the full parse; a file without DI declarations
/// yields no facts.
enum ScanPrecheck {
    /// Words whose absence proves that a file declares nothing the link stage could use. Matching is
    /// textual (comments, strings and longer identifiers count too), which only errs on the safe side.
    private static let declarationKeywords: [[UInt8]] = [
        "class", "struct", "enum", "actor", "protocol", "extension", "typealias",
    ].map { Array($0.utf8) }

    static func canSkip(_ bytes: [UInt8]) -> Bool {
        GeneratedMarker.isGenerated(bytes) || !declarationKeywords.contains { ByteSearch.contains($0, in: bytes) }
    }
}
