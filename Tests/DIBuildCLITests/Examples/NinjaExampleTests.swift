import Foundation
import Testing

/// examples/ninja built by the real `ninja` on a private copy: one sequence of edits on one copy, as a
/// developer would make them, because every step needs the state of the previous one (and compiles
/// are the cost). Conformance items of build-integration.md §13 are checked along the way.
@Suite(.serialized) struct NinjaExampleTests {
    private static let factory = "examples/ninja/build/gen/AppFactory.swift"
    private static let factoryObject = "examples/ninja/build/obj/AppFactory.o"
    private static let reportObject = "examples/ninja/build/obj/app/Sources/App/Report.o"

    @Test func buildsFollowEveryKindOfChange() throws {
        let workspace = try ExampleWorkspace()
        var expected = ExampleApp.output

        try firstBuildRunsTheAppAndRecordsEveryInput(workspace)
        try expectNoWork(workspace)
        let run = try workspace.ninja("run")
        #expect(run.status == 0)
        #expect(run.output.hasSuffix(expected), "\(run.output)")

        // Touching a source reruns dibuild, which keeps the factory; nothing compiles it again.
        let factory = try FileSnapshot(Self.factory, in: workspace)
        let factoryObject = try FileSnapshot(Self.factoryObject, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.touch("examples/app/Sources/App/Report.swift")
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true) == [ExampleApp.reportSource])
        #expect(try factory.isUnchanged(in: workspace))
        #expect(try factoryObject.isUnchanged(in: workspace))

        // Editing a non-DI file recompiles that file only.
        let reportObject = try FileSnapshot(Self.reportObject, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.replace("\"cycle: ", with: "\"lazy cycle: ", in: "examples/app/Sources/App/Report.swift")
        expected = expected.replacingOccurrences(of: "\ncycle: ", with: "\nlazy cycle: ")
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true) == [ExampleApp.reportSource])
        #expect(try factory.isUnchanged(in: workspace))
        #expect(try factoryObject.isUnchanged(in: workspace))
        #expect(try !reportObject.isUnchanged(in: workspace))

        // Qualifiers, in a source and through a property (`qualifierBy`), change the graph.
        try workspace.waitForNewerTimestamps()
        try workspace.replace(
            "let title = \"Asterix\"\n", with: "let title = \"Asterix\"\n    var qualifier: String? { \"Novel\" }\n",
            in: "examples/app/Sources/Books/Comics/Asterix.swift")
        try workspace.replace("sink: memory", with: "sink: console", in: "examples/app/Configurations/logging.yml")
        expected = ExampleApp.replacingLine("novels", with: "Asterix, Dune, Emma", in: expected)
        expected = ExampleApp.replacingLine("logger", with: "console", in: expected)
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true).contains(ExampleApp.factory))
        #expect(try !factory.isUnchanged(in: workspace))
        #expect(try !factoryObject.isUnchanged(in: workspace))

        // A component in a new subfolder is registered; its path survives Ninja's deps log verbatim.
        try workspace.waitForNewerTimestamps()
        try workspace.write(ExampleApp.newBookSource, to: ExampleApp.newBook)
        try workspace.write(ExampleApp.extraPropertiesSource, to: ExampleApp.extraProperties)
        let newBook = "../" + ExampleApp.newBook.dropFirst("examples/".count)
        let withMaus = ExampleApp.replacingLine("books", with: "Asterix, Dune, Emma, Maus", in: expected)
        #expect(try build(workspace, expecting: withMaus).isSuperset(of: [newBook, ExampleApp.factory]))
        #expect(try dependencies(of: "build/gen/AppFactory.swift", in: workspace).contains(newBook))
        #expect(try dependencies(of: "build/app-objects.rsp", in: workspace).contains(newBook))

        // Deleting listed files and folders is no error: the step reruns and forgets them.
        try workspace.waitForNewerTimestamps()
        try workspace.remove(ExampleApp.newBookFolder)
        try workspace.remove(ExampleApp.extraProperties)
        try workspace.remove("examples/app/Sources/Books/Comics/Asterix.swift")
        expected = ExampleApp.replacingLine("novels", with: "Dune, Emma", in: expected)
        expected = ExampleApp.replacingLine("books", with: "Dune, Emma", in: expected)
        try build(workspace, expecting: expected)
        #expect(
            try dependencies(of: "build/gen/AppFactory.swift", in: workspace)
                == ExampleApp.expectedInputs(in: workspace))

        try validationErrorFailsAndKeepsTheFactory(workspace, expecting: expected)
        #expect(!workspace.exists("examples/app/Deli.resolved"))
        #expect(!workspace.exists("examples/app/.dibuild"))
    }

    /// §13.5, §13.6: the depfile's target is the `-o` argument byte for byte (kept with
    /// `-d keepdepfile`, as Ninja deletes it after reading), and the deps log lists every input.
    private func firstBuildRunsTheAppAndRecordsEveryInput(_ workspace: ExampleWorkspace) throws {
        let first = try workspace.ninja("-d", "keepdepfile")
        try #require(first.status == 0, "\(first.output)")
        #expect(try workspace.recompiledSources().contains(ExampleApp.factory))
        #expect(try workspace.runApp(in: workspace.ninjaDirectory) == ExampleApp.output)
        let depfile = try workspace.text(Self.factory + ".d")
        #expect(depfile.hasPrefix("build/gen/AppFactory.swift: \\\n"), "\(depfile)")
        let inputs = try ExampleApp.expectedInputs(in: workspace)
        #expect(try dependencies(of: "build/gen/AppFactory.swift", in: workspace) == inputs)
        let sources = inputs.filter { $0.hasPrefix("../app/Sources/") && $0.hasSuffix(".swift") }
        #expect(try dependencies(of: "build/app-objects.rsp", in: workspace) == sources)
    }

    /// An error in the DI graph fails the build with a `path:line:col: error:` line and leaves the
    /// factory as it was; fixing it builds again.
    private func validationErrorFailsAndKeepsTheFactory(_ workspace: ExampleWorkspace, expecting expected: String)
        throws
    {
        let factory = try FileSnapshot(Self.factory, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.write(ExampleApp.secondClockSource, to: ExampleApp.secondClock)
        let failed = try workspace.ninja()
        #expect(failed.status != 0)
        #expect(failed.lines.contains { $0.firstMatch(of: ExampleApp.ambiguityError) != nil }, "\(failed.output)")
        #expect(try factory.isUnchanged(in: workspace))

        try workspace.waitForNewerTimestamps()
        try workspace.remove(ExampleApp.secondClock)
        try build(workspace, expecting: expected)
    }

    /// Builds, checks the app's whole output, and that a second `ninja` has nothing to do (§13.1).
    @discardableResult
    private func build(_ workspace: ExampleWorkspace, expecting expected: String, rerunsDibuild: Bool? = nil) throws
        -> Set<String>
    {
        let outcome = try workspace.ninja()
        try #require(outcome.status == 0, "\(outcome.output)")
        if let rerunsDibuild {
            #expect(outcome.output.contains("DIBUILD build/gen/AppFactory.swift") == rerunsDibuild, "\(outcome.output)")
        }
        let recompiled = try workspace.recompiledSources()
        #expect(try workspace.runApp(in: workspace.ninjaDirectory) == expected)
        try expectNoWork(workspace)
        return recompiled
    }

    private func expectNoWork(_ workspace: ExampleWorkspace) throws {
        let outcome = try workspace.ninja()
        #expect(outcome.status == 0)
        #expect(outcome.output == "ninja: no work to do.\n")
        #expect(try workspace.recompiledSources().isEmpty)
    }

    /// The dependencies Ninja recorded for `output` (`ninja -t deps`), unescaped.
    private func dependencies(of output: String, in workspace: ExampleWorkspace) throws -> [String] {
        let outcome = try workspace.ninja("-t", "deps", output)
        try #require(outcome.status == 0 && outcome.output.hasPrefix(output + ": #deps "), "\(outcome.output)")
        return outcome.lines.dropFirst().filter { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
    }
}

/// A file's bytes and mtime, to check that a build left it alone.
struct FileSnapshot {
    let path: String
    let contents: Data
    let modificationTime: Int64

    init(_ path: String, in workspace: ExampleWorkspace) throws {
        self.path = path
        contents = try workspace.contents(path)
        modificationTime = try workspace.modificationTime(path)
    }

    func isUnchanged(in workspace: ExampleWorkspace) throws -> Bool {
        try workspace.contents(path) == contents && workspace.modificationTime(path) == modificationTime
    }
}
