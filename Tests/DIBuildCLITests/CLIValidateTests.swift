import Testing

@Suite struct CLIValidateTests {
    private static let sources = [
        "Sources/Greeter.swift": "final class Greeter {}\n",
        "Config/app.yml": "greeting:\n  prefix: Hello\n",
    ]

    private func project(_ config: String, extra: [String: String] = [:]) throws -> ProjectDirectory {
        try ProjectDirectory(files: Self.sources.merging(["deli.yml": config]) { $1 }.merging(extra) { $1 })
    }

    private static let cleanConfig = """
        target:
          - App
        config:
          App:
            include:
              - Sources
            properties:
              - Config/app.yml

        """

    @Test func aCleanConfigValidatesSilently() throws {
        let project = try project(Self.cleanConfig)
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.isEmpty)
    }

    @Test func anErrorIsReportedAtItsConfigLocationAndExitsWithOne() throws {
        let project = try project(
            Self.cleanConfig.replacingOccurrences(of: "Config/app.yml", with: "Config/missing.yml"))
        let outcome = try DibuildProcess.run(["validate", "--config", "deli.yml"], in: project.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "deli.yml:8:9: error: 'Config/missing.yml' does not exist\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func warningsPassUnlessWerrorAndDisappearWithQuiet() throws {
        let project = try project(Self.cleanConfig, extra: ["More/readme.md": "text\n"])
        let arguments = ["validate", "--include", "More/*.swift"]

        let plain = try DibuildProcess.run(arguments, in: project.path)
        let strict = try DibuildProcess.run(arguments + ["--werror"], in: project.path)
        let quiet = try DibuildProcess.run(arguments + ["-q"], in: project.path)

        #expect(plain.status == 0)
        #expect(plain.stderr == "warning: pattern 'More/*.swift' matched no files\n")
        #expect(strict.status == 1)
        #expect(strict.stderr == "error: pattern 'More/*.swift' matched no files\n")
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func propertyTakesSeveralValuesAndRepeats() throws {
        let project = try project(
            Self.cleanConfig, extra: ["Extra/a.yml": "a: 1\n", "Extra/b.yml": "b: 2\n", "Extra/c.json": "{\"c\": 3}\n"])
        let outcome = try DibuildProcess.run(
            ["validate", "--property", "Extra/b.yml", "Extra/a.yml", "--print-inputs", "--property", "Extra/*.json"],
            in: project.path)
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout == """
                Config/app.yml
                Extra
                Extra/a.yml
                Extra/b.yml
                Extra/c.json
                Sources
                Sources/Greeter.swift
                deli.yml

                """)
    }

    @Test func verboseReportsTheInventory() throws {
        let project = try project(Self.cleanConfig)
        let outcome = try DibuildProcess.run(["validate", "-v"], in: project.path)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.hasPrefix("dibuild: config "))
        #expect(outcome.stderr.contains("\ndibuild: target 'App': 1 sources, 1 property files"))
    }

    @Test func propertyFilesAreParsed() throws {
        let project = try project(Self.cleanConfig, extra: ["Config/app.yml": "greeting:\n  prefix: [unclosed\n"])
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("Config/app.yml:"))
        #expect(outcome.stderr.contains(": error: cannot parse 'Config/app.yml': "))
    }

    @Test func targetWithoutAConfigFileIsAUsageError() throws {
        let project = try ProjectDirectory(files: Self.sources)
        let outcome = try DibuildProcess.run(["validate", "--target", "App", "--include", "Sources"], in: project.path)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: '--target' needs a config file"))
    }

    @Test func configLessRunsUseTheCommandLine() throws {
        let project = try ProjectDirectory(files: Self.sources)
        let outcome = try DibuildProcess.run(
            ["validate", "--include", "Sources", "--property", "Config/app.yml", "--print-inputs"], in: project.path)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "Config/app.yml\nSources\nSources/Greeter.swift\n")
    }

    @Test func colorIsUsedOnlyWhenAskedForOrForced() throws {
        let project = try project(Self.cleanConfig.replacingOccurrences(of: "Config/app.yml", with: "Nope.yml"))
        let always = try DibuildProcess.run(["validate", "--color", "always"], in: project.path)
        let auto = try DibuildProcess.run(["validate"], in: project.path)
        let forced = try DibuildProcess.run(["validate"], in: project.path, environment: ["FORCE_COLOR": "1"])
        let never = try DibuildProcess.run(
            ["validate", "--color", "never"], in: project.path, environment: ["FORCE_COLOR": "1"])
        #expect(always.stderr.contains("\u{1B}[1;31merror:"))
        #expect(forced.stderr == always.stderr)
        #expect(!auto.stderr.contains("\u{1B}"))
        #expect(never.stderr == auto.stderr)
        #expect([always.status, auto.status, forced.status, never.status] == [1, 1, 1, 1])
    }
}
