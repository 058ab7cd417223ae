import SwiftParser
import SwiftSyntax

/// The scan stage: one Swift file's bytes in, its `FileFacts` out.
enum Scanner {
    /// Scans one file. Pure and deterministic: the result depends only on `bytes`, `runtimeModule` and
    /// `FileFacts.schemaVersion`.
    static func scan(bytes: [UInt8], runtimeModule: String) -> FileFacts {
        if ScanPrecheck.canSkip(bytes) {
            var facts = FileFacts()
            facts.skipped = true
            return facts
        }
        let tooDeep = NestingGuard.tooDeepRegions(in: bytes)
        let parsed = tooDeep.isEmpty ? bytes : NestingGuard.blanking(tooDeep, in: bytes)
        let tree = parsed.withUnsafeBufferPointer {
            Parser.parse(source: $0, maximumNestingLevel: NestingGuard.parserNestingLevel)
        }
        let scan = FileScan(bytes: bytes, runtimeModule: runtimeModule)
        scan.walk(tree.statements, conditions: [])
        scan.currentOwner = nil
        scan.reportUnparsedCode(in: tree, tooDeep: tooDeep, originalBytes: bytes)
        scan.finish()
        return scan.facts
    }
}
