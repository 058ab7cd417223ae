/// What `dibuild explain CODE` prints and `docs/diagnostics.md` lists: the owner of a check and why it
/// exists, with a snippet that triggers it and one that does not.
public struct DiagnosticEntry: Sendable {
    let code: DiagnosticCode
    let stage: DiagnosticStage
    let title: String
    let explanation: String
    let wrong: String
    let right: String

    /// The messages (and notes) reported under this code.
    var messages: [DiagnosticMessage] { Diagnostics.messages.filter { $0.code == code } }

    /// `error`, `warning`, or both (`error or warning`), from the messages of the code.
    var severity: String {
        let severities = [Severity.error, .warning].filter { severity in messages.contains { $0.severity == severity } }
        return severities.map(\.rawValue).joined(separator: " or ")
    }
}

/// The diagnostics catalogue: every code, its messages and its explanation, in one place.
public enum Diagnostics {
    public static let entries: [DiagnosticEntry] = inputEntries + scanEntries + linkEntries + outputEntries

    static let messages: [DiagnosticMessage] =
        DiagnosticMessage.inputMessages + DiagnosticMessage.scanMessages + DiagnosticMessage.linkMessages
        + DiagnosticMessage.outputMessages

    /// The entry of a code written as text (`S31`, case-insensitive); nil for an unknown code.
    public static func entry(_ text: String) -> DiagnosticEntry? {
        guard let code = DiagnosticCode(rawValue: text.uppercased()) else { return nil }
        return entries.first { $0.code == code }
    }
}
