/// `--color auto|always|never`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// The environment variables `isEnabled` reads: the CLI reads only these (`getenv`), not the whole
    /// environment into a dictionary, on every run.
    public static let environmentNames = ["CLICOLOR_FORCE", "FORCE_COLOR", "TERM", "NO_COLOR"]

    /// `auto` colours when stderr is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset, or when
    /// `CLICOLOR_FORCE` / `FORCE_COLOR` is set. Empty values and `0` count as unset, as is customary.
    public func isEnabled(stderrIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            func isSet(_ name: String) -> Bool {
                guard let value = environment[name] else { return false }
                return !value.isEmpty && value != "0"
            }
            if isSet("CLICOLOR_FORCE") || isSet("FORCE_COLOR") { return true }
            return stderrIsTerminal && environment["TERM"] != "dumb"
                && !(environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        }
    }
}
