import Foundation
import TestSupport
import Testing

/// The Makefile's RELEASE_LINK_FLAGS, with which `make artifactbundle` links the shipped dibuild and
/// bench/run.sh the one it measures. `--no-export-dynamic` undoes the `-export-dynamic` that the toolchain
/// adds to every executable linked with `--static-swift-stdlib`: the binary exports no Swift symbol, so
/// that the runtime's `dladdr` at start-up has nothing to search (docs/architecture.md, "What a no-op
/// build costs"). A crash is still reported by name: the backtracer reads the symbol table, and the
/// runtime's own short trace prints addresses that the symbol table resolves.
@Suite struct ReleaseLinkFlagsTests {
    private static let root = ExampleTemplate.repositoryRoot

    @Test func benchMeasuresTheShippedFlags() throws {
        let bench = try String(contentsOfFile: Self.root + "/bench/run.sh", encoding: .utf8)
        let flags = try Self.releaseFlags().joined(separator: " ")
        #expect(bench.contains("flags=${BENCH_SWIFT_BUILD_FLAGS-\(flags)}"), "bench/run.sh's default flags")
    }

    @Test func linkedProgramExportsNoSwiftSymbols() throws {
        let program = try Program()
        let exported = try Shell.run(["nm", "-D", "--defined-only", program.path])
        try #require(exported.status == 0, "\(exported.output)")
        #expect(!exported.output.contains("$s"), "\(exported.output)")
        #expect(try Shell.run([program.path]).output == "9\n")

        // The same program linked without the last flag exports the Shapes module's function.
        let releaseFlags = try Self.releaseFlags()
        #expect(releaseFlags.suffix(2) == ["-Xlinker", "--no-export-dynamic"])
        let exporting = try Program.link(
            in: program.directory, flags: Array(releaseFlags.dropLast(2)), output: "exporting")
        #expect(try Shell.run(["nm", "-D", "--defined-only", exporting]).output.contains(Self.functionSymbol))
    }

    @Test func crashReportNamesTheFunction() throws {
        let program = try Program()
        let backtracer = try Self.toolchainBacktracer()
        let reported = try ProcessRunner.run(
            program.path, ["crash"],
            environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,swift-backtrace=\(backtracer)"])
        #expect(reported.status != 0)
        #expect(reported.output.contains("Fatal error: Index out of range"), "\(reported.output)")
        #expect(reported.output.contains("shapeArea(ofSquareWithSides:at:)"), "\(reported.output)")

        // Without the backtracer the runtime prints a trace of addresses; the executable is not
        // position-independent, so `addr2line` finds the function from those addresses as printed.
        let short = try ProcessRunner.run(program.path, ["crash"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(short.output.contains("Fatal error: Index out of range"), "\(short.output)")
        let addresses = short.output.matches(of: #/ (0x[0-9a-f]{16}) /#).map { String($0.output.1) }
        try #require(!addresses.isEmpty, "\(short.output)")
        let named = try Shell.run(["addr2line", "-f", "-e", program.path] + addresses)
        #expect(named.output.contains(Self.functionSymbol), "\(named.output)")
    }

    private static let functionSymbol = "$s6Shapes9shapeArea17ofSquareWithSides2atSiSaySiG_SitF"

    /// RELEASE_LINK_FLAGS as the Makefile sets them.
    private static func releaseFlags() throws -> [String] {
        let makefile = try String(contentsOfFile: root + "/Makefile", encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("RELEASE_LINK_FLAGS := ") })
        return line.dropFirst("RELEASE_LINK_FLAGS := ".count).split(separator: " ").map(String.init)
    }

    /// The toolchain's backtracer for statically linked programs, beside `swiftc`.
    private static func toolchainBacktracer() throws -> String {
        let located = try Shell.run(["sh", "-c", "dirname \"$(readlink -f \"$(command -v swiftc)\")\""])
        let bin = located.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = URL(fileURLWithPath: bin + "/../libexec/swift/linux/swift-backtrace-static").standardizedFileURL.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "no \(path)")
        return path
    }

    /// A two-module program linked as the release dibuild is: a public function in a module of its own
    /// (an object file, as SwiftPM links each module, not an archive, whose symbols the toolchain hides),
    /// called by the main module. With an argument it indexes out of range and traps.
    private struct Program {
        let directory: TemporaryDirectory
        let path: String

        init() throws {
            directory = try TemporaryDirectory(prefix: "release-link")
            try directory.write(
                "Shapes.swift",
                """
                public func shapeArea(ofSquareWithSides sides: [Int], at index: Int) -> Int {
                    sides[index] * sides[index]
                }

                """)
            try directory.write(
                "main.swift",
                """
                import Shapes

                print(shapeArea(ofSquareWithSides: [3], at: CommandLine.arguments.count > 1 ? 1 : 0))

                """)
            let module = try Shell.run(
                [
                    "swiftc", "-parse-as-library", "-module-name", "Shapes", "-emit-module", "-emit-module-path",
                    "Shapes.swiftmodule", "-c", "Shapes.swift", "-o", "Shapes.o",
                ], in: directory.path)
            try #require(module.status == 0, "\(module.output)")
            path = try Self.link(in: directory, flags: try ReleaseLinkFlagsTests.releaseFlags(), output: "program")
        }

        /// Links the program with `flags`, SwiftPM's spelling (`--static-swift-stdlib`) turned into swiftc's.
        static func link(in directory: TemporaryDirectory, flags: [String], output: String) throws -> String {
            let swiftcFlags = flags.map { $0 == "--static-swift-stdlib" ? "-static-stdlib" : $0 }
            let linked = try Shell.run(
                ["swiftc", "-I", ".", "main.swift", "Shapes.o", "-o", output] + swiftcFlags, in: directory.path)
            try #require(linked.status == 0, "\(linked.output)")
            return directory.path + "/" + output
        }
    }
}
