import Foundation
import Testing

/// A DI edit keeps every path of the inventory: its depfile (and the warnings its paths cause) come from
/// the run record, byte for byte what a build without a cache writes; any other change renders it again.
@Suite struct DepfileReuseTests {
    private static let depfile = "build/AppFactory.d"
    private static let reused = "(depfile from the run record)"

    /// The outputs and warnings of the same sources built from scratch, in a fresh copy of the project.
    private static func fromScratch(_ project: IncrementalProject, _ arguments: [String]) throws -> ([Data], [String]) {
        let fresh = try IncrementalProject()
        for file in try project.files(under: "Sources") where file.hasSuffix(".swift") {
            try fresh.write(file, try project.read(file))
        }
        let outcome = try fresh.build(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return (try fresh.outputBytes(), warnings(outcome))
    }

    private static func warnings(_ outcome: DibuildProcess.Outcome) -> [String] {
        outcome.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning: ") }
    }

    @Test func aDIEditTakesTheDepfileAndItsWarningFromTheRunRecord() throws {
        let project = try IncrementalProject()
        let arguments = ["--cache-dir", "Sources"]
        let cold = try project.build(arguments)
        #expect(cold.status == 0)
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let edited = try project.build(arguments + ["-v"])
        #expect(edited.status == 0)
        #expect(edited.stderr.contains("generate ") && edited.stderr.contains(Self.reused))
        let (outputs, warnings) = try Self.fromScratch(project, arguments)
        #expect(try project.outputBytes() == outputs)
        #expect(Self.warnings(edited) == warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: 'Sources/App.dicache' is written into 'Sources'") == true)
    }

    @Test func anAddedSourceOrAnotherTargetRendersTheDepfileAgain() throws {
        let project = try IncrementalProject()
        #expect(try project.build().status == 0)
        try project.write("Sources/Added.swift", "import DIRuntime\n\nfinal class Added: Component {}\n")
        let added = try project.build(["-v"])
        #expect(added.status == 0)
        #expect(!added.stderr.contains(Self.reused))
        #expect(try project.read(Self.depfile).contains("Sources/Added.swift"))
        #expect(try project.outputBytes() == (try Self.fromScratch(project, [])).0)

        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let retargeted = try project.build(["-v", "-o", "./build/AppFactory.swift"])
        #expect(retargeted.status == 0)
        #expect(!retargeted.stderr.contains(Self.reused))
        #expect(try project.read(Self.depfile).hasPrefix("./build/AppFactory.swift: \\\n"))

        try project.edit("Sources/Feature One/Login.swift", replacing: "\"signin\"", with: "\"login\"")
        let again = try project.build(["-v", "-o", "./build/AppFactory.swift"])
        #expect(again.stderr.contains(Self.reused))
        #expect(try project.outputBytes() == (try Self.fromScratch(project, ["-o", "./build/AppFactory.swift"])).0)
    }
}
