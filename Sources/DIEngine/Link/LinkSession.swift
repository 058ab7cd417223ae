/// The state shared by the steps of one link run: the type table and what was derived from it, and the
/// diagnostics reported so far.
final class LinkSession {
    let table: TypeTable
    let resolver: NameResolver
    let hierarchy: TypeHierarchy
    let scanErrors: ScanErrorIndex
    /// The scanner's diagnostics, then the linker's. Each check is made by one stage only (`Diagnostics`),
    /// so nothing is reported twice.
    private(set) var diagnostics: [Diagnostic] = []

    init(sources: [LinkSource]) {
        table = TypeTable(sources: sources)
        resolver = NameResolver(table: table)
        hierarchy = TypeHierarchy(table: table, resolver: resolver)
        scanErrors = ScanErrorIndex(sources: sources)
        for source in sources { diagnostics += source.facts.diagnostics.map { $0.located(in: source.path) } }
    }

    func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Declarations of a type that carry a scan error.
    func hasScanError(_ refs: [DeclarationRef]) -> Bool { refs.contains { scanErrors.hasError($0) } }
}
