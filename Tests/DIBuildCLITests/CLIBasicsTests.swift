import Testing

@testable import DIEngine

@Suite struct CLIBasicsTests {
    @Test func versionPrintsTheVersionOnStdout() throws {
        let outcome = try DibuildProcess.run(["version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "0.1.0\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func topLevelVersionFlagPrintsTheSameVersion() throws {
        let outcome = try DibuildProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "0.1.0\n")
    }

    @Test func verboseVersionListsComponentVersions() throws {
        let outcome = try DibuildProcess.run(["version", "-v"])
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(outcome.status == 0)
        #expect(lines.count == 5)
        #expect(lines.first == "0.1.0")
        #expect(lines.contains("scanner schema: \(FileFacts.schemaVersion)"))
        #expect(lines.contains("swift-syntax: 603.0.1"))
        for library in ["libyaml", "libxxhash"] {
            let line = try #require(lines.first { $0.hasPrefix(library + ": ") })
            let numbers = line.dropFirst(library.count + 2).split(separator: ".")
            #expect(numbers.count == 3 && numbers.allSatisfy { Int($0) != nil }, "\(line)")
        }
    }

    @Test func noSubcommandPrintsHelpAndSucceeds() throws {
        let outcome = try DibuildProcess.run([])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: dibuild"))
        #expect(outcome.stdout.contains("validate"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func helpWorksOnSubcommands() throws {
        let outcome = try DibuildProcess.run(["validate", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("--property"))
        #expect(outcome.stdout.contains("--werror"))
    }

    @Test(arguments: [
        ["frobnicate"],
        ["validate", "--bogus"],
        ["validate", "--color", "sometimes"],
        ["version", "--config", "deli.yml"],
        ["validate", "--config"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let outcome = try DibuildProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: "))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func quietAndVerboseConflict() throws {
        let outcome = try DibuildProcess.run(["validate", "-q", "-v"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: '--quiet' and '--verbose' cannot be used together"))
    }
}
