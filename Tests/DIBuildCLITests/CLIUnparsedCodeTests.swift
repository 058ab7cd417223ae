import Foundation
import Testing

/// The syntax-error rule end to end: code swift-syntax does not understand warns (an error under
/// `--werror`), and fails the run only where the factory could be wrong.
@Suite struct CLIUnparsedCodeTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Scan")

    private static let config = """
        target:
          - App
        config:
          App:
            include:
              - Sources

        """

    private func project(box: String) throws -> ProjectDirectory {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(box), encoding: .utf8)
        return try ProjectDirectory(files: [
            "deli.yml": Self.config, "Sources/Box.swift": text,
            "Sources/Service.swift": "final class Other: Component {}\n",
        ])
    }

    @Test func codeTheParserLagsOnWarnsAndFailsOnlyUnderWerror() throws {
        let project = try project(box: "UniqueBox.swift")
        let plain = try DibuildProcess.run(["validate"], in: project.path)
        let strict = try DibuildProcess.run(["validate", "--werror"], in: project.path)
        #expect(plain.status == 0)
        #expect(plain.stderr.hasPrefix("Sources/Box.swift:22:5: warning: dibuild: its Swift parser did not understand"))
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("Sources/Box.swift:22:5: error: dibuild: its Swift parser did not understand"))
    }

    @Test func theSameCodeInADIDeclarationFails() throws {
        let project = try project(box: "UniqueBoxComponent.swift")
        let outcome = try DibuildProcess.run(["validate"], in: project.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("error: dibuild: its Swift parser did not understand"))
        #expect(outcome.stderr.contains("inside the DI declaration 'BoxedService'"))
    }
}
