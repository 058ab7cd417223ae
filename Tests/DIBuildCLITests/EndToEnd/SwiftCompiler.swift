import Foundation
import TestSupport

/// Compiles generated factories with the real toolchain. `DIRuntime` is compiled once per test process
/// into a static library and reused by every test.
enum SwiftCompiler {
    typealias Outcome = ProcessRunner.Outcome

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the runtime is compiled; removed when the test process exits.
    static let runtimeDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("dibuild-runtime-\(UUID().uuidString)").path

    /// The directory holding `DIRuntime.swiftmodule` and `libDIRuntime.a`, or the compiler's complaint.
    static let runtime: Result<String, FixtureError> = {
        let directory = runtimeDirectory
        atexit { try? FileManager.default.removeItem(atPath: SwiftCompiler.runtimeDirectory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let sourceDirectory = packageRoot.appendingPathComponent("Sources/DIRuntime").path
            let sources = try FileManager.default.contentsOfDirectory(atPath: sourceDirectory)
                .filter { $0.hasSuffix(".swift") }.sorted().map { sourceDirectory + "/" + $0 }
            try library(named: "DIRuntime", sources: sources, in: directory, searchPaths: [])
            return .success(directory)
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("\(error)"))
        }
    }()

    /// A static library plus its module, both in `directory`.
    static func library(named name: String, sources: [String], in directory: String, searchPaths: [String]) throws {
        try compile(
            [
                "-emit-library", "-static", "-emit-module", "-parse-as-library", "-module-name", name,
                "-emit-module-path", directory + "/\(name).swiftmodule", "-o", directory + "/lib\(name).a",
            ]
                + searchPaths.flatMap { ["-I", $0] } + sources)
    }

    /// An executable linking `DIRuntime` and the given static libraries.
    static func executable(
        named name: String, sources: [String], libraries: [String] = [], searchPaths: [String] = [], output: String
    ) throws {
        let runtime = try runtime.get()
        try compile(
            ["-module-name", name, "-o", output, "-I", runtime] + searchPaths.flatMap { ["-I", $0] } + sources
                + libraries + [runtime + "/libDIRuntime.a"])
    }

    /// Swift 6 language mode, as the package itself uses: the generated code must compile there too.
    private static func compile(_ arguments: [String]) throws {
        let outcome = try run("/usr/bin/env", ["swiftc", "-swift-version", "6"] + arguments)
        guard outcome.status == 0 else { throw FixtureError("swiftc failed:\n\(outcome.output)") }
    }

    /// Runs a program and returns its status and combined output.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Outcome {
        try ProcessRunner.run(executable, arguments, in: directory)
    }
}
