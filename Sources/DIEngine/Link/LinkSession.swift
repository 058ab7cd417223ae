/// The state shared by the steps of one link run: the type table and what was derived from it, and the
/// diagnostics reported so far.
final class LinkSession {
    private(set) var table: TypeTable
    let resolver: NameResolver
    let hierarchy: TypeHierarchy
    let scanErrors: ScanErrorIndex
    /// The scanner's diagnostics of every file, located.
    let scanDiagnostics: [Diagnostic]
    /// What the link steps reported, in order. Each check is made by one stage only (`Diagnostics`), so
    /// nothing here repeats a scanner diagnostic.
    private(set) var reported: [Diagnostic] = []
    /// Every name `recording` recorded, for the views of what this link's units read.
    private(set) var recordedNames: Set<String> = []

    /// `sources` may hold interface-only facts for files whose detail no step reads (see `supplyDetail`);
    /// a file with a scan error needs its detail here (`ScanErrorIndex`).
    convenience init(sources: [LinkSource], reads: LinkReads = LinkReads()) {
        self.init(sources: LinkSources(sources), reads: reads)
    }

    /// Files with a kept part (`LinkSources.parts`) are decoded only when a step reads them; those with
    /// diagnostics are read here.
    init(sources: LinkSources, reads: LinkReads = LinkReads()) {
        table = TypeTable(sources: sources, reads: reads)
        resolver = NameResolver(table: table)
        hierarchy = TypeHierarchy(table: table, resolver: resolver)
        scanErrors = ScanErrorIndex(sources: sources)
        var located: [Diagnostic] = []
        for index in sources.indices where sources.hasDiagnostics(index) {
            located += sources[index].facts.diagnostics.map { $0.located(in: sources[index].path) }
        }
        scanDiagnostics = located
    }

    /// The scanner's diagnostics, then those of the link steps.
    var diagnostics: [Diagnostic] { scanDiagnostics + reported }

    func report(_ diagnostic: Diagnostic) { reported.append(diagnostic) }

    /// Runs one step of link work and returns its result, the diagnostics it reported and the names it read.
    func recording<Result>(_ body: () -> Result) -> (result: Result, diagnostics: [Diagnostic], names: Set<String>) {
        let start = reported.count
        let (result, names) = table.reads.recording(body)
        recordedNames.formUnion(names)
        let diagnostics = Array(reported[start...])
        reported.removeSubrange(start...)
        return (result, diagnostics, names)
    }

    /// Gives the table a file's whole facts in place of its interface-only ones.
    func supplyDetail(_ facts: FileFacts, forFile file: Int) {
        table.supplyDetail(facts, forFile: file)
    }

    /// Declarations of a type that carry a scan error.
    func hasScanError(_ refs: [DeclarationRef]) -> Bool { refs.contains { scanErrors.hasError($0) } }
}
