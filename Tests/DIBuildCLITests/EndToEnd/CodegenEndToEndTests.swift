import Foundation
import Testing

/// `dibuild build` on fixture apps, then the generated factory compiled with swiftc against `DIRuntime`
/// and the program run: its output shows what the container resolved.
@Suite(.serialized) struct CodegenEndToEndTests {
    @Test func libraryAppResolvesEveryRegistrationKind() throws {
        let app = try FixtureApp("Library")
        let build = try DibuildProcess.run(["build"], in: app.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.isEmpty)
        #expect(app.exists("Generated/LibraryFactory.swift"))
        #expect(app.exists("Deli.resolved"))

        let sources = try app.files(under: "Sources").map { app.path + "/Sources/" + $0 }
        let program = app.path + "/library-app"
        try SwiftCompiler.executable(
            named: "LibraryApp", sources: sources + [app.path + "/Generated/LibraryFactory.swift"], output: program)
        let run = try SwiftCompiler.run(program, [])
        #expect(run.status == 0)
        #expect(run.output == (try app.read("expected-output.txt")))
    }

    @Test func secondModuleUsesTheFirstThroughItsResolvedFile() throws {
        let app = try FixtureApp("Modules")
        let build = try DibuildProcess.run(["build"], in: app.path)
        #expect(build.status == 0, "\(build.stderr)")
        let resolved = try app.read("Core/Deli.resolved")
        #expect(resolved.contains("- TYPE: FixedClock\n  QUALIFIER: \"\"\n"))
        #expect(resolved.contains("PROJECT: Core\nREFERENCE: Core/Generated/\n"))
        #expect(!app.exists("Deli.resolved") && !app.exists("App/Deli.resolved"))
        let appFactory = try app.read("App/Generated/AppFactory.swift")
        #expect(appFactory.contains("import Core\nimport DIRuntime\n"))
        #expect(appFactory.contains("context.get([Greeter].self, qualifier: \"\", resolveRole: .recursive)"))
        #expect(try app.read("Core/Generated/CoreFactory.swift").contains("public final class CoreFactory"))

        let work = app.path + "/out"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let runtime = try SwiftCompiler.runtime.get()
        let coreSources = try app.files(under: "Core/Sources").map { app.path + "/Core/Sources/" + $0 }
        try SwiftCompiler.library(
            named: "Core", sources: coreSources + [app.path + "/Core/Generated/CoreFactory.swift"], in: work,
            searchPaths: [runtime])
        let appSources = try app.files(under: "App/Sources").map { app.path + "/App/Sources/" + $0 }
        try SwiftCompiler.executable(
            named: "App", sources: appSources + [app.path + "/App/Generated/AppFactory.swift"],
            libraries: [work + "/libCore.a"], searchPaths: [work], output: work + "/app")
        let run = try SwiftCompiler.run(work + "/app", [])
        #expect(run.status == 0)
        #expect(run.output == (try app.read("expected-output.txt")))
    }
}
