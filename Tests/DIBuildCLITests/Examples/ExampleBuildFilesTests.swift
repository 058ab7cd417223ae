import Foundation
import Testing

/// Ninja has no globs, so both examples list the DIRuntime sources by hand; these tests catch drift.
@Suite struct ExampleBuildFilesTests {
    private static let runtimeDirectory = ExampleTemplate.repositoryRoot + "/Sources/DIRuntime"

    @Test func buildNinjaListsEveryRuntimeSource() throws {
        let listed = try runtimeSources(in: "examples/ninja/build.ninja", prefix: "$runtime/")
        #expect(listed == (try Self.runtimeSourcesOnDisk()))
    }

    @Test func makefileListsEveryRuntimeSource() throws {
        let listed = try runtimeSources(in: "examples/make/Makefile", prefix: "$(RUNTIME)/")
        #expect(listed == (try Self.runtimeSourcesOnDisk()))
    }

    /// The Make tests reuse the runtime that Ninja compiled (`ExampleTemplate`), which is sound only while
    /// both examples compile it with the same command.
    @Test func bothExamplesCompileTheRuntimeWithTheSameCommand() throws {
        let workspace = try ExampleWorkspace()
        let ninja = try Shell.run(
            ["ninja", "-t", "commands", "build/runtime/libDIRuntime.a"], in: workspace.ninjaDirectory)
        let make = try workspace.make("-n", "-B", "build/runtime/libDIRuntime.a")
        try #require(ninja.status == 0 && make.status == 0, "\(ninja.output)\n\(make.output)")
        let ninjaCommand = Self.commands(in: ninja.output).last
        let makeCommand = Self.commands(in: make.output).last
        #expect(ninjaCommand?.hasPrefix("swiftc ") == true)
        #expect(ninjaCommand == makeCommand)
    }

    private func runtimeSources(in buildFile: String, prefix: String) throws -> [String] {
        let text = try String(contentsOfFile: ExampleTemplate.repositoryRoot + "/" + buildFile, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            guard word.hasPrefix(prefix), word.hasSuffix(".swift") else { return nil }
            return String(word.dropFirst(prefix.count))
        }
    }

    private static func runtimeSourcesOnDisk() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory).filter { $0.hasSuffix(".swift") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Shell commands with continuation lines joined and runs of blanks collapsed.
    private static func commands(in output: String) -> [String] {
        output.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }
    }
}
