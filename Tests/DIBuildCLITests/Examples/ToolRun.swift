import Foundation

/// Runs the build tools of the CMake, Meson and SwiftPM examples, each under `timeout`, so that a tool
/// that hangs fails its test instead of stopping the suite, and through `runLeavingDaemons`, so that a
/// child keeping a descriptor Foundation leaked (CMake's and SwiftPM's helpers) cannot hang it either.
enum ToolRun {
    static func run(_ command: [String], in directory: String, seconds: Int) throws -> Shell.Outcome {
        try BazelCheckout.runLeavingDaemons(["timeout", "-k", "10", String(seconds)] + command, in: directory)
    }

    /// Whether `tool` is an executable in `PATH`.
    static func available(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + tool) }
    }
}
