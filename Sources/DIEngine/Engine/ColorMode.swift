/// `--color auto|always|never`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// `auto` colours when stderr is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset, or when
    /// `CLICOLOR_FORCE` / `FORCE_COLOR` is set. Empty values and `0` count as unset, as is customary.
    public func isEnabled(stderrIsTerminal: Bool, environment: [String: String]) -> Bool {
        isEnabled(stderrIsTerminal: stderrIsTerminal) { environment[$0] }
    }

    /// `isEnabled(stderrIsTerminal:environment:)` with each variable asked for by name (the CLI's `getenv`),
    /// so that a run builds no `[String: String]`: the first one in a process costs the Swift runtime a scan
    /// of every protocol conformance record (`String: Hashable`), ~0.1 ms on the main thread before the walk.
    public func isEnabled(stderrIsTerminal: Bool, variable: (String) -> String?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            func isSet(_ name: String) -> Bool {
                guard let value = variable(name) else { return false }
                return !value.isEmpty && value != "0"
            }
            if isSet("CLICOLOR_FORCE") || isSet("FORCE_COLOR") { return true }
            return stderrIsTerminal && variable("TERM") != "dumb"
                && !(variable("NO_COLOR").map { !$0.isEmpty } ?? false)
        }
    }
}
