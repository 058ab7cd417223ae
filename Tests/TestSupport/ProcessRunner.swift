import Foundation

/// Runs a program as a build system or a developer's shell would and collects what it printed: the one
/// process runner of the test targets (dibuild itself, swiftc, ninja, make, sh, the built apps).
public enum ProcessRunner {
    public struct Outcome: Sendable {
        public var status: Int32
        /// Standard output; with `mergingOutput`, standard output and standard error interleaved as written.
        public var stdout: String
        /// Standard error; empty with `mergingOutput`.
        public var stderr: String

        /// Everything the program printed.
        public var output: String { stdout + stderr }

        public var lines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false) }
    }

    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    /// Variables of an enclosing `make` or terminal that would change what a child prints or how it builds.
    public static let enclosingVariables = [
        "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "NINJA_STATUS", "NO_COLOR", "CLICOLOR_FORCE",
        "FORCE_COLOR",
    ]

    /// Runs `executable arguments…` in `directory` with stdin closed. The environment is this process's
    /// without `enclosingVariables`, then `environment` (a nil value removes a variable). Output goes to
    /// files, not pipes, so that a program writing much to both streams cannot block. A program still
    /// running after `timeout` seconds is killed and `Timeout` thrown.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String?] = [:], mergingOutput: Bool = true, timeout: Double? = nil
    ) throws -> Outcome {
        let capture = try TemporaryDirectory(prefix: "process")
        let stdoutPath = try capture.write("stdout", "")
        let stderrPath = try capture.write("stderr", "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var variables = ProcessInfo.processInfo.environment
        for name in enclosingVariables { variables[name] = nil }
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let stdoutHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        let stderrHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }
        process.standardOutput = stdoutHandle
        process.standardError = mergingOutput ? stdoutHandle : stderrHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Timeout(description: "'\(executable)' did not finish within \(Int(timeout)) s")
            }
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: stdoutPath, encoding: .utf8),
            stderr: try String(contentsOfFile: stderrPath, encoding: .utf8))
    }
}
