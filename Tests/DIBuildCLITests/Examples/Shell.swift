import Foundation

/// Runs build tools (ninja, make, cp, the built app) as a developer's shell would.
enum Shell {
    struct Outcome {
        var status: Int32
        /// Standard output and standard error, interleaved as written.
        var output: String

        var lines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false) }
    }

    /// Runs `command` (looked up in `PATH`) in `directory`. Make's variables of an enclosing `make test`
    /// are removed, so its job server and flags do not leak into the examples' builds.
    static func run(_ command: [String], in directory: String? = nil, environment extra: [String: String] = [:])
        throws -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "NINJA_STATUS"] {
            environment[name] = nil
        }
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Runs `command` and throws with its output unless it succeeds.
    static func require(_ command: [String], in directory: String? = nil) throws {
        let outcome = try run(command, in: directory)
        guard outcome.status == 0 else {
            throw ExampleError("\(command.joined(separator: " ")) failed (\(outcome.status)):\n\(outcome.output)")
        }
    }
}
