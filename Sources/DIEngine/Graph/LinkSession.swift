/// The state shared by the steps of one link run: the type table and what was derived from it, and the
/// diagnostics reported so far.
final class LinkSession {
    let table: TypeTable
    let resolver: NameResolver
    let hierarchy: TypeHierarchy
    let scanErrors: ScanErrorIndex
    private(set) var diagnostics: [Diagnostic] = []
    /// Diagnostics the scanner already reported, so that checks both stages can decide are printed once.
    private let scanReported: Set<ReportedKey>

    private struct ReportedKey: Hashable {
        var code: String
        var message: String
        var location: SourceLocation?
    }

    init(sources: [LinkSource]) {
        table = TypeTable(sources: sources)
        resolver = NameResolver(table: table)
        hierarchy = TypeHierarchy(table: table, resolver: resolver)
        scanErrors = ScanErrorIndex(sources: sources)
        var reported: [Diagnostic] = []
        for source in sources { reported += source.facts.diagnostics.map { $0.located(in: source.path) } }
        scanReported = Set(reported.map { ReportedKey(code: $0.code, message: $0.message, location: $0.location) })
        diagnostics = reported
    }

    /// Records a diagnostic unless the scanner already reported the same check at the same place.
    func report(_ diagnostic: Diagnostic) {
        let key = ReportedKey(code: diagnostic.code, message: diagnostic.message, location: diagnostic.location)
        if !scanReported.contains(key) { diagnostics.append(diagnostic) }
    }

    /// Declarations of a type that carry a scan error.
    func hasScanError(_ refs: [DeclarationRef]) -> Bool { refs.contains { scanErrors.hasError($0) } }
}
