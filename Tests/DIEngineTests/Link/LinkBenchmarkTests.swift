import Foundation
import Testing

@testable import DIEngine

/// Not a correctness test: measures linking and validation of 2,000 DI types with a 20-deep chain against
/// the scan of the same sources. Runs only with `DIBUILD_BENCH=1`.
@Suite struct LinkBenchmarkTests {
    static let enabled = ProcessInfo.processInfo.environment["DIBUILD_BENCH"] == "1"

    /// 100 files of 20 types each: every file holds a protocol-typed chain of 20 Autowired classes.
    static func sources() -> [(path: String, bytes: [UInt8])] {
        (0..<100).map { file in
            var text = ""
            for index in 0..<20 {
                let name = "Service\(file)_\(index)"
                text += "protocol \(name)Protocol {}\n"
                if index == 0 {
                    text += "final class \(name): \(name)Protocol, Component { init() {} }\n"
                } else {
                    text += """
                        final class \(name): \(name)Protocol, Autowired {
                            let logger = Inject(Service\(file)_0.self)
                            required init(_ previous: Service\(file)_\(index - 1)Protocol, _ all: [Service\(file)_0Protocol]) {}
                        }

                        """
                }
            }
            return (path: "Sources/File\(file).swift", bytes: Array(text.utf8))
        }
    }

    @Test(.enabled(if: enabled)) func linkAndValidateTwoThousandTypes() {
        let files = Self.sources()
        let clock = ContinuousClock()
        var facts: [FileFacts] = []
        let scanTime = clock.measure { facts = Scanner.scanAll(files, runtimeModule: "DIRuntime", threads: 1) }
        var diagnostics: [Diagnostic] = []
        var registrations = 0
        let linkTime = clock.measure {
            let (graph, linkDiagnostics) = Linker.link(
                files: zip(files, facts).map { (path: $0.0.path, facts: $0.1) }, properties: .emptyMapping)
            diagnostics = linkDiagnostics + Validator.validate(graph)
            registrations = graph.registrations.count
        }
        print("benchmark: \(registrations) registrations; scan \(scanTime) (1 thread); link+validate \(linkTime)")
        #expect(registrations == 2000)
        #expect(diagnostics.isEmpty)
    }
}
