import Testing

@testable import DIEngine

@Suite struct ConfigDiagnosticsTests {
    private func diagnostics(_ yaml: String, _ overrides: ConfigOverrides = ConfigOverrides()) throws -> [Diagnostic] {
        let run = try ConfigRun()
        try run.directory.write("deli.yml", yaml)
        return run.resolve(overrides).diagnostics
    }

    private func at(_ line: Int, _ column: Int) -> DIEngine.SourceLocation {
        SourceLocation(path: "deli.yml", line: line, column: column)
    }

    @Test func unknownKeysWarnWithTheirLocation() throws {
        let found = try diagnostics(
            """
            target: [A]
            extra: 1
            config:
              A:
                includes: [x]
                resolve: {output: R, later: true}
                dependencies:
                  - {path: ../Core, module: Core}

            """)
        #expect(
            found == [
                .warning("I05", "unknown config key 'extra'", at: at(2, 1)),
                .warning("I05", "unknown config key 'includes'", at: at(5, 5)),
                .warning("I05", "unknown config key 'later'", at: at(6, 26)),
                .warning("I05", "unknown config key 'module'", at: at(8, 25)),
            ])
    }

    @Test func wrongShapesAreReportedAtTheNode() throws {
        let found = try diagnostics(
            """
            target: [A]
            config:
              A:
                include: Sources
                exclude: [[nested]]
                className: [X]
                output:
                resolve: {generate: yes}
                dependencies:
                  - just-a-path
                  - imports: [Core]
                  - {path: ../Core, imports: {a: b}}

            """)
        #expect(
            found == [
                .error("I02", "invalid config: 'include' must be a list of strings", at: at(4, 14)),
                .error("I02", "invalid config: 'exclude' must be a list of strings", at: at(5, 15)),
                .error("I02", "invalid config: 'className' must be a string", at: at(6, 16)),
                .error("I02", "invalid config: 'output' must be a string", at: at(7, 12)),
                .error("I02", "invalid config: 'resolve.generate' must be a boolean", at: at(8, 25)),
                .error("I02", "invalid config: 'dependencies[0]' must be a mapping", at: at(10, 9)),
                .error("I02", "invalid config: 'path' must be a string", at: at(11, 9)),
                .error("I02", "invalid config: 'imports' must be a list of strings", at: at(12, 34)),
            ])
    }

    @Test func topLevelShapes() throws {
        #expect(
            try diagnostics("target: App\nconfig: {App: {}}\n") == [
                .error("I02", "invalid config: 'target' must be a list of strings", at: at(1, 9))
            ])
        #expect(
            try diagnostics("target: [A]\nconfig: [A]\n") == [
                .error("I02", "invalid config: 'config' must be a mapping", at: at(2, 9)),
                .error("I03", "unknown target 'A'", at: at(1, 10)),
            ])
        #expect(
            try diagnostics("target: [A]\nconfig:\n  A: [x]\n") == [
                .error("I02", "invalid config: 'A' must be a mapping", at: at(3, 6))
            ])
        #expect(
            try diagnostics("config: {A: {}}\n") == [
                .error("I02", "invalid config: 'target' must be a list of strings", at: at(1, 1))
            ])
        #expect(
            try diagnostics("- A\n") == [.error("I02", "invalid config: 'deli.yml' must be a mapping", at: at(1, 1))])
        #expect(
            try diagnostics("") == [.error("I02", "invalid config: 'target' must be a list of strings", at: at(1, 1))])
    }

    @Test func oldSingleTargetFormat() throws {
        let message =
            "this config uses the old single-target format; move its settings under 'config: <name>:' and list the "
            + "name under 'target:'"
        #expect(
            try diagnostics("project: App\nscheme: App\ntarget: App\noutput: Gen\n") == [
                .error("I15", message, at: at(1, 1))
            ])
        #expect(try diagnostics("\ninclude: [Sources]\n") == [.error("I15", message, at: at(2, 1))])
    }

    @Test func xcodeKeysAreIgnoredWithAWarning() throws {
        let found = try diagnostics("target: [A]\nconfig:\n  A:\n    project: App\n    scheme: App\n    target: App\n")
        let message = { (key: String) in
            "'\(key)' is ignored: dibuild does not read Xcode projects; list sources under 'include'"
        }
        #expect(
            found == [
                .warning("I04", message("project"), at: at(4, 5)),
                .warning("I04", message("scheme"), at: at(5, 5)),
                .warning("I04", message("target"), at: at(6, 5)),
            ])
    }

    @Test func accessControlAndRuntimeModuleValues() throws {
        let yaml = "target: [A]\nconfig:\n  A: {accessControl: open, runtimeModule: My-Runtime}\n"
        #expect(
            try diagnostics(yaml) == [
                .error(
                    "I11", "invalid access control 'open'; expected 'public', 'package' or 'internal'", at: at(3, 22)),
                .error("I17", "invalid runtime module name 'My-Runtime'", at: at(3, 43)),
            ])
        var overrides = ConfigOverrides()
        overrides.accessControl = "fileprivate"
        overrides.runtimeModule = "9Lives"
        #expect(
            try diagnostics("target: [A]\nconfig: {A: {}}\n", overrides) == [
                .error("I11", "invalid access control 'fileprivate'; expected 'public', 'package' or 'internal'"),
                .error("I17", "invalid runtime module name '9Lives'"),
            ])
        for level in ["public", "package", "internal"] {
            #expect(try diagnostics("target: [A]\nconfig: {A: {accessControl: \(level)}}\n").isEmpty)
        }
    }

    @Test func duplicateKeysInTheConfig() throws {
        #expect(
            try diagnostics("target: [A]\nconfig:\n  A: {}\n  A: {output: X.swift}\n") == [
                .error(
                    "I09", "duplicate key 'A'", at: at(4, 3),
                    notes: [DiagnosticNote("first defined here", at: at(3, 3))])
            ])
    }
}

@Suite struct ClassNameTests {
    @Test func specExamples() {
        #expect(ClassName.sanitize("my-factory") == "My_factory")
        #expect(ClassName.sanitize("123abc") == "_abc")
        #expect(ClassName.sanitize("Fábrica") == "F_brica")
    }

    @Test func runsCollapseAndValidNamesStay() {
        #expect(ClassName.sanitize("AppFactory") == "AppFactory")
        #expect(ClassName.sanitize("_private") == "_private")
        #expect(ClassName.sanitize("a--b  c") == "A_b_c")
        #expect(ClassName.sanitize("--9x") == "_x")
        #expect(ClassName.sanitize("x9") == "X9")
        #expect(ClassName.sanitize("日本") == "_")
        #expect(ClassName.derived(fromOutput: "Gen/app.swift") == "App")
        #expect(ClassName.derived(fromOutput: "Gen/.swift") == "DeliFactory")
    }

    @Test func runtimeModuleIdentifiers() {
        #expect(ClassName.isSwiftIdentifier("DIRuntime"))
        #expect(ClassName.isSwiftIdentifier("_Deli2"))
        #expect(!ClassName.isSwiftIdentifier(""))
        #expect(!ClassName.isSwiftIdentifier("_"))
        #expect(!ClassName.isSwiftIdentifier("2D"))
        #expect(!ClassName.isSwiftIdentifier("Di.Runtime"))
        #expect(!ClassName.isSwiftIdentifier("Dé"))
    }
}
