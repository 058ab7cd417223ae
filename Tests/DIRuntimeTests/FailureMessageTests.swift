import Foundation
import TestSupport
import Testing

/// A missing dependency stops the program; these tests run a small program built from the DIRuntime
/// sources with `swiftc` in a child process and read its stderr.
@Suite struct FailureMessageTests {
    private static let probeSource = """
        protocol Logger: AnyObject {}
        final class Screen: Inject {
            let logger = Inject(Logger.self, qualifier: "file")
            init() {}
        }
        final class Panel {
            @Dependency(qualifier: "console") var logger: Logger
            init() {}
        }
        final class Home: Autowired {
            required init(_ panel: Panel) {}
        }
        final class Alpha: Autowired { required init(_ beta: Beta) {} }
        final class Beta: Autowired { required init(_ alpha: Alpha) {} }
        final class ProbeFactory: ModuleFactory {
            override func load(context: AppContext) {
                register(Screen.self, resolver: { Screen() }, qualifier: "", scope: .singleton)
                register(Panel.self, resolver: { Panel() }, qualifier: "", scope: .prototype)
                register(Home.self, resolver: { Home(context.get(Panel.self)!) }, qualifier: "main")
                register(Alpha.self, resolver: { Alpha(context.get(Beta.self)!) })
                register(Beta.self, resolver: { Beta(context.get(Alpha.self)!) })
            }
        }
        let context = AppContext()
        context.load([ProbeFactory.self])
        switch CommandLine.arguments[1] {
        case "inject": _ = context.get(Screen.self)
        case "wrapper": _ = context.get(Home.self, qualifier: "main")
        case "cycle": _ = context.get(Alpha.self)
        default: _ = AppContext.shared.get(Screen.self) ?? Screen()
        }
        print("not stopped")
        """

    @Test(.timeLimit(.minutes(5)))
    func missingDependenciesAndCyclesStopWithTheirChain() throws {
        let scratch = try TemporaryDirectory(prefix: "probe")
        let directory = URL(fileURLWithPath: scratch.path)
        let main = directory.appendingPathComponent("main.swift")
        try Self.probeSource.write(to: main, atomically: true, encoding: .utf8)
        let runtimeDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/DIRuntime")
        let sources = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { runtimeDirectory.appendingPathComponent($0).path }
        let binary = directory.appendingPathComponent("probe").path
        let compile = try run(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "6", "-module-name", "Probe", "-o", binary, main.path] + sources
        )
        try #require(compile.status == 0, "swiftc failed: \(compile.stderr)")

        let inject = try run(binary, ["inject"])
        #expect(inject.status != 0)
        #expect(!inject.stdout.contains("not stopped"))
        #expect(
            inject.stderr.contains(
                #"DIRuntime: missing dependency Probe.Logger (qualifier "file"); resolution chain: "#
                    + #"Probe.Screen -> Probe.Logger(qualifier: "file")"#
            ), "\(inject.stderr)")

        let wrapper = try run(binary, ["wrapper"])
        #expect(wrapper.status != 0)
        #expect(
            wrapper.stderr.contains(
                #"resolution chain: Probe.Home(qualifier: "main") -> Probe.Panel -> Probe.Logger(qualifier: "console")"#
            ), "\(wrapper.stderr)")

        let cycle = try run(binary, ["cycle"])
        #expect(cycle.status != 0)
        #expect(
            cycle.stderr.contains("DIRuntime: circular dependency: Probe.Alpha -> Probe.Beta -> Probe.Alpha"),
            "\(cycle.stderr)")

        let outside = try run(binary, ["outside"])
        #expect(outside.status != 0)
        #expect(
            outside.stderr.contains(
                #"missing dependency Probe.Logger (qualifier "file"); resolution chain: Probe.Logger(qualifier: "file")"#
            ), "\(outside.stderr)")
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> ProcessRunner.Outcome {
        try ProcessRunner.run(executable, arguments, mergingOutput: false)
    }
}
