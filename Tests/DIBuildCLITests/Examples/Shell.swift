import Foundation
import TestSupport

/// Runs build tools (ninja, make, cp, the built app) as a developer's shell would.
enum Shell {
    typealias Outcome = ProcessRunner.Outcome

    /// Runs `command` (looked up in `PATH`) in `directory`. Make's variables of an enclosing `make test`
    /// are removed, so its job server and flags do not leak into the examples' builds.
    static func run(_ command: [String], in directory: String? = nil, environment extra: [String: String] = [:])
        throws -> Outcome
    {
        try ProcessRunner.run("/usr/bin/env", command, in: directory, environment: extra)
    }

    /// Runs `command` and throws with its output unless it succeeds.
    static func require(_ command: [String], in directory: String? = nil) throws {
        let outcome = try run(command, in: directory)
        guard outcome.status == 0 else {
            throw ExampleError("\(command.joined(separator: " ")) failed (\(outcome.status)):\n\(outcome.output)")
        }
    }
}
