import Testing

@testable import DIEngine

/// The generated file's imports (`codegen.md` §1, "Imports"), runtime module excluded.
@Suite struct GeneratedImportTests {
    @Test func importsOfConfigurationFilesAndDependenciesAreMergedAndOrdered() throws {
        var fixture = LinkFixture([
            (
                "AppConfiguration.swift",
                """
                import Foundation
                @testable import Core
                #if os(iOS)
                import UIKit
                #elseif os(macOS)
                import AppKit
                #else
                import Foundation
                #endif
                #if DEBUG || TESTING
                #if canImport(Logging)
                import Logging
                #endif
                #endif
                import class Models.User
                import DIRuntime
                final class AppConfiguration: Configuration {
                    let session = Config(Session.self) { Session() }
                    init() {}
                }
                """
            ),
            (
                "Other.swift",
                """
                import Core
                #if DEBUG
                import Debugging
                import Models
                #endif
                final class OtherConfiguration: Configuration {
                    let clock = Config(Clock.self) { Clock() }
                    init() {}
                }
                """
            ),
            (
                "Unused.swift",
                """
                import Hidden
                final class EmptyConfiguration: Configuration { init() {} }
                final class Service: Component { init() {} }
                """
            ),
        ])
        fixture.imported = [
            ResolvedModule(
                path: "Deli.resolved", project: "P", reference: "F.swift", registrations: [], imports: ["Zeta", "Core"])
        ]
        let run = try fixture.run()
        #expect(
            run.graph.imports == [
                GeneratedImport(module: "Core", testable: true),
                GeneratedImport(module: "Foundation"),
                GeneratedImport(module: "Models"),
                GeneratedImport(module: "Zeta"),
                GeneratedImport(module: "AppKit", condition: "!(os(iOS)) && (os(macOS))"),
                GeneratedImport(module: "Logging", condition: "(DEBUG || TESTING) && canImport(Logging)"),
                GeneratedImport(module: "Debugging", condition: "DEBUG"),
                GeneratedImport(module: "UIKit", condition: "os(iOS)"),
            ])
    }
}
