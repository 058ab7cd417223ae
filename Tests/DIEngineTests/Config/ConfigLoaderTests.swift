import TestSupport
import Testing

@testable import DIEngine

/// Runs the config stage in a temporary working directory.
struct ConfigRun {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    func resolve(_ overrides: ConfigOverrides = ConfigOverrides()) -> (
        targets: [TargetSettings], diagnostics: [Diagnostic]
    ) {
        ConfigLoader.resolveTargets(overrides, currentDirectory: directory.path)
    }

    func location(_ path: String, _ line: Int, _ column: Int) -> DIEngine.SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

@Suite struct ConfigLoaderTests {
    @Test func minimalConfigGetsEveryDefault() throws {
        let run = try ConfigRun()
        try run.directory.write("deli.yml", "target: [App]\nconfig:\n  App: {}\n")
        let (targets, diagnostics) = run.resolve()
        #expect(diagnostics.isEmpty)
        #expect(
            targets == [
                TargetSettings(
                    name: "App", configPath: "deli.yml", configDirectory: ".",
                    include: [PathEntry(text: ".", base: ".")],
                    exclude: [], className: "DeliFactory", outputPath: "DeliFactory.swift", outputArgument: nil,
                    properties: [], resolvedOutputPath: "Deli.resolved", generateResolved: true,
                    outputReference: "DeliFactory.swift", dependencies: [], accessControl: nil,
                    runtimeModule: "DIRuntime",
                    cacheDirectory: ".dibuild", depfilePath: nil)
            ])
    }

    @Test func everyKeyRelativeToTheConfigDirectory() throws {
        let run = try ConfigRun()
        try run.directory.write(
            "sub/deli.yml",
            """
            target:
              - App
            config:
              App:
                include: [Sources/App, ./More//]
                exclude: [Sources/App/Mocks, "**/*Preview.swift"]
                className: AppFactory
                output: Generated/
                properties:
                  - Config/*.yml
                resolve:
                  output: Build/
                  generate: false
                dependencies:
                  - path: ../Core
                    imports: [Core, CoreUI]
                  - path: Vendor/Deli.resolved
                    import: Vendor
                accessControl: public
                runtimeModule: Deli
                cacheDir: .cache
                depfile: Build/AppFactory.d

            """)
        var overrides = ConfigOverrides(configPath: "./sub/deli.yml")
        overrides.properties = ["local.yml"]
        let (targets, diagnostics) = run.resolve(overrides)
        #expect(diagnostics.isEmpty)
        let path = "sub/deli.yml"
        #expect(
            targets == [
                TargetSettings(
                    name: "App", configPath: path, configDirectory: "sub",
                    include: [
                        PathEntry(text: "Sources/App", base: "sub", location: run.location(path, 5, 15)),
                        PathEntry(text: "./More//", base: "sub", location: run.location(path, 5, 28)),
                    ],
                    exclude: [
                        PathEntry(text: "Sources/App/Mocks", base: "sub", location: run.location(path, 6, 15)),
                        PathEntry(text: "**/*Preview.swift", base: "sub", location: run.location(path, 6, 34)),
                    ],
                    className: "AppFactory", outputPath: "sub/Generated/AppFactory.swift",
                    properties: [
                        PathEntry(text: "Config/*.yml", base: "sub", location: run.location(path, 10, 9)),
                        PathEntry(text: "local.yml", base: "."),
                    ],
                    resolvedOutputPath: "sub/Build/Deli.resolved", generateResolved: false,
                    outputReference: "Generated/",
                    dependencies: [
                        ModuleDependencySetting(
                            path: PathEntry(text: "../Core", base: "sub", location: run.location(path, 15, 15)),
                            imports: ["Core", "CoreUI"]),
                        ModuleDependencySetting(
                            path: PathEntry(
                                text: "Vendor/Deli.resolved", base: "sub", location: run.location(path, 17, 15)),
                            imports: ["Vendor"]),
                    ],
                    accessControl: .public, runtimeModule: "Deli", cacheDirectory: "sub/.cache",
                    depfilePath: "sub/Build/AppFactory.d")
            ])
    }

    @Test func absoluteConfigPathGivesAbsoluteDisplayPaths() throws {
        let run = try ConfigRun()
        let config = try run.directory.write("x/deli.yml", "target: [A]\nconfig:\n  A:\n    output: ../Out.swift\n")
        let (targets, diagnostics) = run.resolve(ConfigOverrides(configPath: config))
        #expect(diagnostics.isEmpty)
        #expect(targets.first?.configDirectory == run.directory.path + "/x")
        #expect(targets.first?.outputPath == run.directory.path + "/x/../Out.swift")
        #expect(targets.first?.className == "Out")
        #expect(targets.first?.cacheDirectory == run.directory.path + "/x/.dibuild")
    }

    @Test func outputDirectoryRuleAndDerivedClassNames() throws {
        let run = try ConfigRun()
        try run.directory.makeDirectory("Existing")
        try run.directory.write(
            "deli.yml",
            """
            target: [Slash, Dir, File, Named, NamedDir, NamedOnly, Weird]
            config:
              Slash: {output: Gen/}
              Dir: {output: Existing}
              File: {output: Gen/AppFactory.swift}
              Named: {className: my-factory}
              NamedDir: {className: 123abc, output: Existing}
              NamedOnly: {className: Fábrica}
              Weird: {output: Gen/app-factory.generated}

            """)
        let (targets, diagnostics) = run.resolve()
        #expect(diagnostics.isEmpty)
        let summary = targets.map { [$0.name, $0.outputPath, $0.className, $0.outputReference] }
        #expect(
            summary == [
                ["Slash", "Gen/DeliFactory.swift", "DeliFactory", "Gen/"],
                ["Dir", "Existing/DeliFactory.swift", "DeliFactory", "Existing"],
                ["File", "Gen/AppFactory.swift", "AppFactory", "Gen/AppFactory.swift"],
                ["Named", "My_factory.swift", "My_factory", "My_factory.swift"],
                ["NamedDir", "Existing/_abc.swift", "_abc", "Existing"],
                ["NamedOnly", "F_brica.swift", "F_brica", "F_brica.swift"],
                ["Weird", "Gen/app-factory.generated", "App_factory_generated", "Gen/app-factory.generated"],
            ])
    }

    @Test func resolvedFileDirectoryRule() throws {
        let run = try ConfigRun()
        try run.directory.makeDirectory("sub/Existing")
        try run.directory.write(
            "sub/deli.yml",
            "target: [A, B, C]\nconfig:\n  A: {resolve: {output: Existing}}\n  B: {resolve: {output: R/}}\n"
                + "  C: {resolve: {output: Custom.resolved}}\n")
        let (targets, _) = run.resolve(ConfigOverrides(configPath: "sub/deli.yml"))
        #expect(
            targets.map(\.resolvedOutputPath) == [
                "sub/Existing/Deli.resolved", "sub/R/Deli.resolved", "sub/Custom.resolved",
            ])
    }

    @Test func selectsTargetsInListOrderAndReportsUnknownAndDuplicates() throws {
        let run = try ConfigRun()
        try run.directory.write("deli.yml", "target: [A, B, Ghost, A, C]\nconfig:\n  A: {}\n  B: {}\n  C: {}\n")
        var overrides = ConfigOverrides()
        overrides.targets = ["C", "A", "Nope"]
        let (targets, diagnostics) = run.resolve(overrides)
        #expect(targets.map(\.name) == ["A", "C"])
        #expect(
            Set(diagnostics) == [
                .error("I03", "unknown target 'Ghost'", at: run.location("deli.yml", 1, 16)),
                .warning("I16", "target 'A' is listed more than once", at: run.location("deli.yml", 1, 23)),
                .error("I03", "unknown target 'Nope'"),
            ])
    }

    @Test func missingUnreadableAndUnparsableConfigs() throws {
        let run = try ConfigRun()
        try run.directory.makeDirectory("dir.yml")
        try run.directory.write("bad.yml", "target: [A\nconfig: {}\n")
        #expect(
            run.resolve(ConfigOverrides(configPath: "missing.yml")).diagnostics == [
                .error("I01", "cannot read 'missing.yml': No such file or directory")
            ])
        #expect(
            run.resolve(ConfigOverrides(configPath: "./dir.yml")).diagnostics == [
                .error("I01", "cannot read 'dir.yml': Is a directory")
            ])
        let parse = run.resolve(ConfigOverrides(configPath: "bad.yml")).diagnostics
        #expect(parse.map(\.code) == ["I08"])
        #expect(parse.first?.location == run.location("bad.yml", 2, 7))
    }
}
