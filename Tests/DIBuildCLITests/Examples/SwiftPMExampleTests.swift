import Foundation
import Testing

/// examples/swiftpm built by the real `swift build`, with the DIBuildPlugin of this repository (dibuild
/// and swift-syntax built from source for the plugin) and with the package `make artifactbundle` writes
/// (dibuild as a prebuilt binary target, here the dibuild under test). Both variants go through the
/// same sequence of edits on a copy of examples/swiftpm and examples/app.
///
/// Building swift-syntax for the plugin takes minutes, so the scratch folders live at a fixed place,
/// `.build-swiftpm-example/` in the repository, and the next run reuses them; the dibuild package is the
/// repository itself (its sources are never edited), so only the example's two targets are compiled
/// again in each new copy.
@Suite(.serialized) struct SwiftPMExampleTests {
    private static let root = ExampleTemplate.repositoryRoot + "/.build-swiftpm-example"

    @Test func pluginBuildsDibuildFromSource() throws {
        try buildFollowsEveryKindOfChange(dibuildPackage: ExampleTemplate.repositoryRoot, scratch: "scratch")
    }

    @Test func pluginRunsTheArtifactBundle() throws {
        guard let dibuild = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        let bundle = Self.root + "/bundle"
        let script = ExampleTemplate.repositoryRoot + "/Plugins/ArtifactBundle/make-bundle.sh"
        let made = try ToolRun.run(["sh", script, dibuild, bundle], in: Self.root, seconds: 300)
        try #require(made.status == 0, "\(made.output)")
        let checksum = try String(contentsOfFile: bundle + "/dibuild.artifactbundle.checksum", encoding: .utf8)
        #expect(checksum.wholeMatch(of: #/[0-9a-f]{64}\n/#) != nil)
        try buildFollowsEveryKindOfChange(dibuildPackage: bundle + "/dibuild-plugin", scratch: "scratch-binary")
        try configLessTargetIsScanned(dibuildPackage: bundle + "/dibuild-plugin")
    }

    /// Without deli.yml the plugin scans the target's own sources into `<Target>Factory`.
    private func configLessTargetIsScanned(dibuildPackage: String) throws {
        let package = try ProjectDirectory(files: [
            "Package.swift": Self.configLessManifest(dibuildPackage: dibuildPackage),
            "Sources/Greeter/Greeting.swift":
                "import DIRuntime\n\nfinal class Greeting: Component {\n    let text = \"hello\"\n\n    init() {}\n}\n",
            "Sources/Greeter/main.swift":
                "import DIRuntime\n\nAppContext.shared.load([GreeterFactory.self])\n"
                + "print(AppContext.shared.get(Greeting.self)?.text ?? \"not registered\")\n",
        ])
        let scratch = Self.root + "/scratch-config-less"
        let built = try ToolRun.run(["swift", "build", "--scratch-path", scratch], in: package.path, seconds: 900)
        try #require(built.status == 0, "\(built.output)")
        #expect(built.output.contains("] dibuild Greeter\n"), "\(built.output)")
        let run = try ToolRun.run([scratch + "/debug/Greeter"], in: package.path, seconds: 60)
        #expect(run.output == "hello\n")
    }

    private static func configLessManifest(dibuildPackage: String) -> String {
        let identity = URL(fileURLWithPath: dibuildPackage).lastPathComponent
        return """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Greeter",
                dependencies: [.package(path: "\(dibuildPackage)")],
                targets: [
                    .executableTarget(
                        name: "Greeter", dependencies: [.product(name: "DIRuntime", package: "\(identity)")],
                        plugins: [.plugin(name: "DIBuildPlugin", package: "\(identity)")])
                ]
            )

            """
    }

    private func buildFollowsEveryKindOfChange(dibuildPackage: String, scratch: String) throws {
        let example = try Example(dibuildPackage: dibuildPackage, scratch: Self.root + "/" + scratch)
        let workspace = example.checkout
        var expected = ExampleApp.output

        // In a new copy SwiftPM relinks the plugin's tool built from source once more on the second
        // build (it compiles swift-syntax's C shim again when the root package changed), which reruns
        // dibuild; the checks start once builds have settled.
        for _ in 1...3 where try example.swiftBuild(seconds: 2400).output.contains(Example.dibuildStep) {}

        // The first build runs dibuild (its outputs were removed) and the app prints its graph; the
        // next build does not run dibuild again.
        try FileManager.default.removeItem(atPath: example.pluginOutputs)
        try example.build(expecting: expected, rerunsDibuild: true)
        try example.expectDeclaredInputsAreThePrintedInputs()

        // A non-DI edit reruns dibuild, which leaves the factory's bytes (and mtime) alone.
        let factory = try example.factorySnapshot()
        expected = try ExampleApp.editWithoutDI(workspace, expected: expected)
        try example.build(expecting: expected, rerunsDibuild: true)
        #expect(try example.factorySnapshot() == factory)

        // A new qualifier changes the factory and the output.
        expected = try ExampleApp.addQualifier(workspace, expected: expected)
        try example.build(expecting: expected, rerunsDibuild: true)
        let qualified = try example.factorySnapshot()
        #expect(qualified != factory)

        // A missing dependency fails `swift build` with dibuild's diagnostic; the factory stays.
        try workspace.waitForNewerTimestamps()
        try workspace.write(ExampleApp.missingDependencySource, to: ExampleApp.missingDependency)
        let failed = try example.swiftBuild()
        #expect(failed.status != 0)
        let path = example.directory + "/../app/Sources/Users/AuditService.swift"
        #expect(failed.lines.contains { ExampleApp.isMissingDependencyError($0, path: path) }, "\(failed.output)")
        #expect(try example.factorySnapshot() == qualified)

        try workspace.waitForNewerTimestamps()
        try workspace.remove(ExampleApp.missingDependency)
        try example.build(expecting: expected, rerunsDibuild: true)

        // Per-configuration property files come from DIBUILD_PROPERTIES, applied after the config's; the
        // changed command reruns dibuild.
        try workspace.write("logging:\n  sink: console\n", to: "release.yml")
        let release = try example.swiftBuild(properties: workspace.root + "/release.yml")
        try #require(release.status == 0, "\(release.output)")
        #expect(release.output.contains(Example.dibuildStep), "\(release.output)")
        let app = try ToolRun.run([example.scratch + "/debug/App"], in: example.directory, seconds: 60)
        #expect(app.output == ExampleApp.replacingLine("logger", with: "console", in: expected))
    }

    /// The copy of examples/swiftpm and examples/app, and one scratch folder.
    private struct Example {
        let checkout: ExampleWorkspace
        let dibuildPackage: String
        let scratch: String
        var directory: String { checkout.root + "/examples/swiftpm" }
        var pluginOutputs: String { scratch + "/plugins/outputs/swiftpm/AppLibrary" }

        init(dibuildPackage: String, scratch: String) throws {
            self.dibuildPackage = dibuildPackage
            self.scratch = scratch
            checkout = try ExampleWorkspace()
            // Not the scratch folders a `make run` may have left in the repository.
            let source = ExampleTemplate.repositoryRoot + "/examples/swiftpm/"
            try Shell.require(["mkdir", directory])
            let entries = ["Package.swift", "deli.yml", "Sources"].map { source + $0 }
            try Shell.require(["cp", "-pR"] + entries + [directory])
        }

        func swiftBuild(seconds: Int = 900, properties: String = "") throws -> Shell.Outcome {
            let environment = ["DIBUILD_PACKAGE=" + dibuildPackage, "DIBUILD_PROPERTIES=" + properties]
            return try ToolRun.run(
                ["env"] + environment + ["swift", "build", "--scratch-path", scratch], in: directory, seconds: seconds)
        }

        /// The bytes and mtime of the factory the plugin wrote (the one file of that name in its outputs).
        func factorySnapshot() throws -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: pluginOutputs)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix("/AppLibraryFactory.swift") else { continue }
                let path = pluginOutputs + "/" + relative
                let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
                return [try String(contentsOfFile: path, encoding: .utf8), "\(modified?.timeIntervalSince1970 ?? 0)"]
            }
            throw ExampleError("no AppLibraryFactory.swift below \(pluginOutputs)")
        }

        /// The inputs of the plugin's command in SwiftPM's build manifest are the dibuild executable and
        /// exactly what `dibuild build --print-inputs` prints for the example.
        func expectDeclaredInputsAreThePrintedInputs() throws {
            let manifest = try String(contentsOfFile: scratch + "/debug.yaml", encoding: .utf8)
            let lines = manifest.split(separator: "\n")
            let command = try #require(lines.firstIndex { $0.hasPrefix("  \"dibuild AppLibrary-") })
            let inputsLine = try #require(lines[command...].first { $0.hasPrefix("    inputs: ") })
            let declared = try JSONDecoder().decode([String].self, from: Data(inputsLine.dropFirst(12).utf8))
            let printed = try DibuildProcess.run(
                ["build", "--config", "deli.yml", "--target", "AppLibrary", "-o", "unused.swift", "--print-inputs"],
                in: directory)
            try #require(printed.status == 0, "\(printed.stderr)")
            let listed = Set(
                printed.stdout.split(separator: "\n").map {
                    URL(fileURLWithPath: directory + "/" + $0).standardized.path
                })
            // Besides those, only the executable (`dibuild`, or `dibuild-tool` when built from source).
            let executables = Set(declared).subtracting(listed)
            #expect(listed.isSubset(of: Set(declared)))
            #expect(executables.count == 1, "\(executables)")
            #expect(executables.allSatisfy { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("dibuild") })
            #expect(listed.contains(checkout.app + "/Sources/Books/Comics"))
        }

        /// Builds, checks the app's whole output, and that the next build does not run dibuild.
        func build(expecting expected: String, rerunsDibuild: Bool, seconds: Int = 900) throws {
            let outcome = try swiftBuild(seconds: seconds)
            try #require(outcome.status == 0, "\(outcome.output)")
            #expect(outcome.output.contains(Self.dibuildStep) == rerunsDibuild, "\(outcome.output)")
            let app = try ToolRun.run([scratch + "/debug/App"], in: directory, seconds: 60)
            #expect(app.status == 0)
            #expect(app.output == expected)
            let again = try swiftBuild()
            #expect(again.status == 0)
            #expect(!again.output.contains(Self.dibuildStep), "\(again.output)")
        }

        /// What `swift build` prints when it runs the plugin's command (its display name).
        static let dibuildStep = "] dibuild AppLibrary\n"
    }
}
