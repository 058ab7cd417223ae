import SwiftSyntax

/// The mutable state of scanning one file. Created and used by a single `Scanner.scan` call only.
final class FileScan {
    let names: DINames
    let lines: LineTable
    /// Offsets of `Inject` and `Config`: bodies without either are not visited at all.
    let callWords: OccurrenceIndex
    var facts = FileFacts()
    /// Access as written (or defaulted by an enclosing extension), parallel to `facts.declarations`;
    /// the effective access is computed once the whole file is known.
    var declaredAccess: [AccessLevel] = []
    var hasOwnGenericParameters: [Bool] = []
    var pendingDiagnostics: [PendingDiagnostic] = []
    /// The declaration whose members are being scanned; errors reported meanwhile mark it `hasScanErrors`.
    var currentOwner: Int?
    var pendingScopeFacts: [(owner: Int, fact: ScopeValueFact, gate: Gate)] = []
    var pendingQualifierFacts: [(owner: Int, fact: QualifierValueFact, gate: Gate)] = []

    /// When a fact or diagnostic only applies if its declaration turns out to be DI-related, which the
    /// scanner can only tell once it has seen every declaration and extension of that type in the file.
    enum Gate {
        case always
        case ownerLists(Set<String>)
    }

    struct PendingDiagnostic {
        var diagnostic: ScanDiagnostic
        var owner: Int
        var gate: Gate
    }

    init(bytes: [UInt8], runtimeModule: String) {
        names = DINames(runtimeModule: runtimeModule)
        lines = LineTable(bytes)
        callWords = OccurrenceIndex(words: ["Inject", "Config"], in: bytes)
    }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        lines.position(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func position(ofOffset offset: Int) -> SourcePosition { lines.position(ofOffset: offset) }

    /// True when the node's text may contain a call the scanner records.
    func mayContainCalls(_ node: some SyntaxProtocol) -> Bool {
        callWords.containsOccurrence(from: node.position.utf8Offset, to: node.endPosition.utf8Offset)
    }

    func report(
        _ message: DiagnosticMessage, _ values: String..., at position: SourcePosition, notes: [ScanNote] = []
    ) {
        let severity = message.severity
        facts.diagnostics.append(
            ScanDiagnostic(message.code.rawValue, severity, message.text(values), at: position, notes: notes))
        if severity == .error, let currentOwner { facts.declarations[currentOwner].hasScanErrors = true }
    }

    func report(
        _ message: DiagnosticMessage, _ values: String..., at position: SourcePosition, owner: Int, gate: Gate
    ) {
        let diagnostic = ScanDiagnostic(message.code.rawValue, message.severity, message.text(values), at: position)
        pendingDiagnostics.append(PendingDiagnostic(diagnostic: diagnostic, owner: owner, gate: gate))
    }

    /// `S39` for a malformed property path; true when the path is well-formed.
    func checkPropertyPath(_ path: String, at position: SourcePosition) -> Bool {
        guard let problem = PropertyPath.syntaxError(in: path) else { return true }
        report(.invalidPropertyPath, path, problem, at: position)
        return false
    }
}
