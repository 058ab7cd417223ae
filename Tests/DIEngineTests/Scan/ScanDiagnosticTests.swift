import Testing

@testable import DIEngine

/// Every check the scanner performs, with the exact catalogue message and location.
@Suite struct ScanDiagnosticTests {
    private func diagnostics(_ name: String) throws -> [String] {
        try ScanFixture.scan("Diagnostics/" + name).renderedDiagnostics
    }

    private static let expected = "expected .always, .singleton, .prototype or .weak"

    @Test func scopeValuesS09AndWeakStructsS11() throws {
        #expect(
            try diagnostics("Scope.swift") == [
                "2:24: S09: unsupported scope '.sometimes' for 'Bad'; \(Self.expected)",
                "6:9: S09: unsupported scope 'let value = Scope.prototype return value' for 'Computed'; \(Self.expected)",
                "11:24: S09: unsupported scope '.never' for 'NotDI'; \(Self.expected)",
                "17:24: S11: 'Weak' is a struct and cannot use the '.weak' scope",
            ])
    }

    @Test func qualifierValuesS10() throws {
        #expect(
            try diagnostics("Qualifier.swift") == [
                "2:29: S10: the qualifier of 'Bad' must be a string literal or nil",
                "5:30: S10: the qualifier of 'Base' must be a string literal or nil",
                "11:21: S10: the qualifier of 'Interpolated' must be a string literal or nil",
            ])
    }

    @Test func configCallsS09S12S13S14S15S17S36() throws {
        #expect(
            try diagnostics("Configuration.swift") == [
                "2:19: S12: 'Config' needs the registered type as its first argument ('T.self')",
                "3:37: S13: 'Config' does not support array dependencies; use 'Inject([Book].self)' inside the resolver",
                "4:41: S14: the 'qualifier' of 'Config' must be a string literal",
                "5:25: S15: 'Config(...)' must be the whole initial value of a stored instance property of 'AppConfiguration'",
                "6:30: S15: 'Config(...)' must be the whole initial value of a stored instance property of 'AppConfiguration'",
                "7:16: S17: 'Config' supports at most 9 dependencies",
                "10:45: S09: unsupported scope '.forever' for 'Scoped'; \(Self.expected)",
                "11:24: S15: 'Config(...)' must be the whole initial value of a stored instance property of 'AppConfiguration'",
                "12:40: S36: unsupported dependency type 'Session?'; use a type or an array of a type",
            ])
    }

    @Test func injectCallsS18ToS22AndS36() throws {
        let s36 = "use a type or an array of a type"
        #expect(
            try diagnostics("InjectCalls.swift") == [
                "2:18: S18: 'Inject' needs a type argument such as 'T.self' or '[T].self'",
                "3:19: S18: 'Inject' needs a type argument such as 'T.self' or '[T].self'",
                "4:44: S19: 'qualifier' must be a string literal or nil",
                "5:44: S19: 'qualifier' must be a string literal or nil",
                "6:39: S20: 'qualifierBy' must be a string literal property path",
                "7:52: S21: 'qualifier' and 'qualifierBy' cannot be combined",
                "8:20: S22: 'InjectProperty' needs a string literal property path",
                "9:32: S22: 'InjectProperty' needs a string literal property path",
                "10:22: S36: unsupported dependency type '[String:Int]'; \(s36)",
                "11:20: S36: unsupported dependency type 'Logger?'; \(s36)",
                "12:19: S36: unsupported dependency type '(()->Void)'; \(s36)",
                "13:18: S36: unsupported dependency type '[[Book]]'; \(s36)",
            ])
    }

    @Test func propertyWrappersS19ToS21S23ToS26AndS36() throws {
        #expect(
            try diagnostics("Wrappers.swift") == [
                "2:21: S24: property 'untyped' with '@Dependency' needs a type annotation",
                "3:5: S25: use '@DependencyArray' for array type '[Book]'",
                "4:5: S26: '@DependencyArray' needs an array type; 'single' has type 'Book'",
                "5:5: S23: '@PropertyValue' needs a string literal property path",
                "6:5: S23: '@PropertyValue' needs a string literal property path",
                "7:17: S19: 'qualifier' must be a string literal or nil",
                "8:17: S20: 'qualifierBy' must be a string literal property path",
                "9:33: S21: 'qualifier' and 'qualifierBy' cannot be combined",
                "10:21: S36: unsupported dependency type '[String:Int]'; use a type or an array of a type",
                "11:26: S36: unsupported dependency type '[Book]?'; use a type or an array of a type",
            ])
        let wrapped = try #require(try ScanFixture.scan("Diagnostics/Wrappers.swift").type("Wrapped"))
        #expect(wrapped.properties.allSatisfy { $0.wrappers.allSatisfy { !$0.isValid } })
    }

    @Test func qualifierByCommentsS34AndMalformedPathsS39() throws {
        #expect(
            try diagnostics("QualifierBy.swift") == [
                "2:19: S34: a parameter with a qualifierBy comment must have no argument label: "
                    + "write '_/*logger.storage*/ log: Logger'",
                "2:62: S39: invalid property path 'bad[path': unterminated '['",
                "5:35: S39: invalid property path 'a['b': unterminated quote",
                "6:20: S39: invalid property path 'x]': ']' without '['",
                "7:51: S39: invalid property path 'a.[b': unterminated '['",
            ])
        let paths = try #require(try ScanFixture.scan("Diagnostics/QualifierBy.swift").type("Paths"))
        #expect(paths.injectPropertyCalls.isEmpty && paths.injectCalls.isEmpty)
        #expect(paths.properties.map { $0.wrappers.map(\.isValid) } == [[], [false], [], [true]])
    }

    /// Whether a type may be registered is the linker's (`LinkerDiagnosticTests`): the scanner says nothing.
    @Test func registrationChecksAreLeftToTheLinker() throws {
        #expect(try diagnostics("Registration.swift").isEmpty)
    }

    @Test func declarationsWithScanErrorsAreMarked() throws {
        #expect(try ScanFixture.scan("Diagnostics/InjectCalls.swift").type("Calls")?.hasScanErrors == true)
        #expect(try ScanFixture.scan("Calls.swift").declarations.allSatisfy { !$0.hasScanErrors })
        let registration = try ScanFixture.scan("Diagnostics/Registration.swift")
        #expect(registration.type("Hidden")?.hasScanErrors == false)
        #expect(registration.type("Open")?.hasScanErrors == false)
        #expect(registration.type("FileHidden")?.hasScanErrors == false)
        let scope = try ScanFixture.scan("Diagnostics/Scope.swift")
        #expect(scope.declarations.map(\.hasScanErrors) == [true, true, true, false, true, false, false])
        let source = "final class Outer: Inject {\n    final class Inner: Inject { let a = Inject(1) }\n}\n"
        let outer = ScanFixture.scan(source: source)
        #expect(outer.declarations.map(\.hasScanErrors) == [false, true])
    }

    @Test func locatedDiagnosticsCarryThePath() throws {
        let facts = try ScanFixture.scan("Diagnostics/Qualifier.swift")
        let located = try #require(facts.diagnostics.first).located(in: "Sources/App/Q.swift")
        #expect(located.location == SourceLocation(path: "Sources/App/Q.swift", line: 2, column: 29))
        #expect(located.severity == .error && located.code == "S10")
    }
}
