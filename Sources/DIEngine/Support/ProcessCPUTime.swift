#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time the whole process (every thread) has used, for `-v`'s figure of how many cores a parallel
/// phase kept busy: CPU time over wall time of the phase.
enum ProcessCPUTime {
    static func now() -> Duration {
        var spec = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return .zero }
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    /// `cpu / wall` with two decimals (`1.93`); `0.00` for an empty phase.
    static func cores(cpu: Duration, wall: Duration) -> String {
        let wallNanoseconds = nanoseconds(wall)
        guard wallNanoseconds > 0 else { return "0.00" }
        let hundredths = (nanoseconds(cpu) * 100 + wallNanoseconds / 2) / wallNanoseconds
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
