import Testing

@testable import DIEngine

@Suite struct ConfigOverridesTests {
    @Test func commandLineOverridesConfigAndListsAppend() throws {
        let run = try ConfigRun()
        try run.directory.write(
            "sub/deli.yml",
            """
            target: [A]
            config:
              A:
                include: [Sources]
                exclude: [Mocks]
                className: Configured
                output: Gen/
                accessControl: internal
                runtimeModule: Deli
                cacheDir: cache
                depfile: a.d

            """)
        var overrides = ConfigOverrides(configPath: "sub/deli.yml")
        overrides.include = ["Extra"]
        overrides.exclude = ["sub/Sources/Old"]
        overrides.output = "out/"
        overrides.className = "cli-name"
        overrides.runtimeModule = "DIRuntime"
        overrides.accessControl = "public"
        overrides.depfile = "./deps//x.d"
        overrides.cacheDirectory = "./c//"
        overrides.skipResolvedFile = true
        let (targets, diagnostics) = run.resolve(overrides)
        #expect(diagnostics.isEmpty)
        let target = try #require(targets.first)
        #expect(target.include.map { [$0.text, $0.base] } == [["Sources", "sub"], ["Extra", "."]])
        #expect(target.exclude.map { [$0.text, $0.base] } == [["Mocks", "sub"], ["sub/Sources/Old", "."]])
        #expect(target.className == "Cli_name")
        #expect(target.outputPath == "out/Cli_name.swift")
        #expect(target.outputArgument == "out/")
        #expect(target.outputReference == "out/")
        #expect(target.accessControl == .public)
        #expect(target.runtimeModule == "DIRuntime")
        #expect(target.depfilePath == "deps/x.d")
        #expect(target.cacheDirectory == "c")
        #expect(!target.generateResolved)
    }

    @Test func outputArgumentFollowsTheDirectoryRuleRelativeToTheWorkingDirectory() throws {
        let run = try ConfigRun()
        try run.directory.makeDirectory("Gen")
        try run.directory.write("sub/deli.yml", "target: [A]\nconfig:\n  A: {output: Gen}\n")
        let fromConfig = run.resolve(ConfigOverrides(configPath: "sub/deli.yml")).targets.first
        #expect(fromConfig?.outputPath == "sub/Gen")
        #expect(fromConfig?.className == "Gen")
        var overrides = ConfigOverrides(configPath: "sub/deli.yml")
        overrides.output = "Gen"
        let fromArgument = run.resolve(overrides).targets.first
        #expect(fromArgument?.outputPath == "Gen/DeliFactory.swift")
        #expect(fromArgument?.outputArgument == "Gen")
    }

    @Test func commandLineIncludeReplacesOnlyTheDefault() throws {
        let run = try ConfigRun()
        try run.directory.write("sub/deli.yml", "target: [A]\nconfig:\n  A: {}\n")
        var overrides = ConfigOverrides(configPath: "sub/deli.yml")
        #expect(run.resolve(overrides).targets.first?.include == [PathEntry(text: ".", base: "sub")])
        overrides.include = ["Sources"]
        #expect(run.resolve(overrides).targets.first?.include == [PathEntry(text: "Sources", base: ".")])
    }

    @Test func configLessTargetIsNamedAfterItsClass() throws {
        let run = try ConfigRun()
        var overrides = ConfigOverrides()
        overrides.include = ["Sources/App"]
        overrides.properties = ["Config/app.yml"]
        overrides.output = "Generated/AppFactory.swift"
        let (targets, diagnostics) = run.resolve(overrides)
        #expect(diagnostics.isEmpty)
        #expect(
            targets == [
                TargetSettings(
                    name: "AppFactory", configPath: nil, configDirectory: ".",
                    include: [PathEntry(text: "Sources/App", base: ".")], className: "AppFactory",
                    outputPath: "Generated/AppFactory.swift", outputArgument: "Generated/AppFactory.swift",
                    properties: [PathEntry(text: "Config/app.yml", base: ".")], generateResolved: false,
                    outputReference: "Generated/AppFactory.swift")
            ])
    }

    @Test func configLessDefaults() throws {
        let run = try ConfigRun()
        let target = try #require(run.resolve().targets.first)
        #expect(target.name == "DeliFactory")
        #expect(target.include == [PathEntry(text: ".", base: ".")])
        #expect(target.outputPath == "DeliFactory.swift")
        #expect(target.cacheDirectory == ".dibuild")
        #expect(!target.generateResolved)
    }
}
