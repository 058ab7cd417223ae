/// `-v` progress lines: not diagnostics, kept in the order they happen.
struct ProgressLog {
    let enabled: Bool
    private(set) var lines: [String] = []

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func log(_ message: @autoclosure () -> String) {
        if enabled { lines.append("dibuild: " + message()) }
    }

    /// A duration in milliseconds with one decimal, e.g. `2.4`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
