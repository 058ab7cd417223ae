import Foundation
import Testing

/// examples/make built by the real GNU Make on a private copy, with the stamp idiom of
/// build-integration.md §6: one sequence of edits on one copy, like `NinjaExampleTests`.
@Suite(.serialized) struct MakeExampleTests {
    private static let factory = "examples/make/build/gen/AppFactory.swift"
    private static let stamp = "examples/make/build/gen/AppFactory.stamp"
    private static let factoryObject = "examples/make/build/obj/AppFactory.o"
    private static let reportObject = "examples/make/build/obj/app/Sources/App/Report.o"
    private static let dibuildCommand = "\"../../bin/dibuild\" build "

    @Test func buildsFollowEveryKindOfChange() throws {
        let workspace = try ExampleWorkspace()
        var expected = ExampleApp.output

        let first = try workspace.make()
        try #require(first.status == 0, "\(first.output)")
        #expect(try workspace.recompiledSources().contains(ExampleApp.factory))
        #expect(first.output.contains(Self.dibuildCommand))
        #expect(try workspace.runApp(in: workspace.makeDirectory) == expected)
        try stampDepfileNamesTheStampAndHasPhonyRules(workspace)
        try expectNothingToDo(workspace)
        let run = try workspace.make("run")
        #expect(run.status == 0)
        #expect(run.output.hasSuffix(expected), "\(run.output)")

        // Touching or editing a non-DI file reruns dibuild (the stamp), keeps the factory and does not
        // recompile it; an edit recompiles the edited file.
        let factory = try FileSnapshot(Self.factory, in: workspace)
        let factoryObject = try FileSnapshot(Self.factoryObject, in: workspace)
        let stamp = try FileSnapshot(Self.stamp, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.touch("examples/app/Sources/Core/Clock.swift")
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true) == ["../app/Sources/Core/Clock.swift"])
        #expect(try !stamp.isUnchanged(in: workspace))
        #expect(try factory.isUnchanged(in: workspace))
        #expect(try factoryObject.isUnchanged(in: workspace))

        let reportObject = try FileSnapshot(Self.reportObject, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.replace("\"cycle: ", with: "\"lazy cycle: ", in: "examples/app/Sources/App/Report.swift")
        expected = expected.replacingOccurrences(of: "\ncycle: ", with: "\nlazy cycle: ")
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true) == [ExampleApp.reportSource])
        #expect(try factory.isUnchanged(in: workspace))
        #expect(try factoryObject.isUnchanged(in: workspace))
        #expect(try !reportObject.isUnchanged(in: workspace))

        // A qualifier changed through a property (`qualifierBy`) rewrites the factory.
        try workspace.waitForNewerTimestamps()
        try workspace.replace("sink: memory", with: "sink: console", in: "examples/app/Configurations/logging.yml")
        expected = ExampleApp.replacingLine("logger", with: "console", in: expected)
        #expect(try build(workspace, expecting: expected, rerunsDibuild: true) == [ExampleApp.factory])
        #expect(try !factory.isUnchanged(in: workspace))
        #expect(try !factoryObject.isUnchanged(in: workspace))

        // A component in a new subfolder whose path needs escaping: registered, and Make reads the
        // depfiles right (a misread name would be a missing file, rebuilt on every `make`). A new
        // property file is picked up by the config's glob.
        try workspace.waitForNewerTimestamps()
        try workspace.write(ExampleApp.newBookSource, to: ExampleApp.newBook)
        try workspace.write(ExampleApp.extraPropertiesSource, to: ExampleApp.extraProperties)
        expected = ExampleApp.replacingLine("books", with: "Asterix, Dune, Emma, Maus", in: expected)
        try build(workspace, expecting: expected, rerunsDibuild: true)

        // Deleting listed files and folders is no error, thanks to the depfiles' empty rules. Only the
        // stamp's depfile names the property file, so only `--depfile-phony` makes its deletion work.
        try workspace.waitForNewerTimestamps()
        try workspace.remove(ExampleApp.newBookFolder)
        try workspace.remove(ExampleApp.extraProperties)
        try workspace.remove("examples/app/Sources/Books/Comics/Asterix.swift")
        expected = ExampleApp.replacingLine("books", with: "Dune, Emma", in: expected)
        try build(workspace, expecting: expected, rerunsDibuild: true)

        try validationErrorFailsUntilFixed(workspace, expecting: expected)
        #expect(!workspace.exists("examples/app/Deli.resolved"))
        #expect(!workspace.exists("examples/app/.dibuild"))
    }

    /// §13.6 with `--depfile-target`: the stamp is the rule's target, byte for byte, and every input
    /// also has an empty rule (`--depfile-phony`). Make keeps the depfile, so it can be read directly.
    private func stampDepfileNamesTheStampAndHasPhonyRules(_ workspace: ExampleWorkspace) throws {
        let depfile = try workspace.text(Self.stamp + ".d")
        #expect(depfile.hasPrefix("build/gen/AppFactory.stamp: \\\n"), "\(depfile)")
        let inputs = try ExampleApp.expectedInputs(in: workspace)
        let phonyRules = inputs.map { $0 + ":\n" }.joined()
        #expect(depfile.hasSuffix("\n\n" + phonyRules), "\(depfile)")
    }

    /// A failing dibuild fails `make` with a `path:line:col: error:` line, keeps the factory and leaves the
    /// stamp old, so the next `make` tries again; fixing the error builds again.
    private func validationErrorFailsUntilFixed(_ workspace: ExampleWorkspace, expecting expected: String) throws {
        let factory = try FileSnapshot(Self.factory, in: workspace)
        let stamp = try FileSnapshot(Self.stamp, in: workspace)
        try workspace.waitForNewerTimestamps()
        try workspace.write(ExampleApp.secondClockSource, to: ExampleApp.secondClock)
        for _ in 1...2 {
            let failed = try workspace.make()
            #expect(failed.status != 0)
            #expect(failed.output.contains(Self.dibuildCommand))
            #expect(failed.lines.contains { $0.firstMatch(of: ExampleApp.ambiguityError) != nil }, "\(failed.output)")
            #expect(try factory.isUnchanged(in: workspace))
            #expect(try stamp.isUnchanged(in: workspace))
        }

        try workspace.waitForNewerTimestamps()
        try workspace.remove(ExampleApp.secondClock)
        try build(workspace, expecting: expected, rerunsDibuild: true)
    }

    /// Builds, checks the app's whole output, and that a second `make` does nothing.
    @discardableResult
    private func build(_ workspace: ExampleWorkspace, expecting expected: String, rerunsDibuild: Bool) throws
        -> Set<String>
    {
        let outcome = try workspace.make()
        try #require(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains(Self.dibuildCommand) == rerunsDibuild, "\(outcome.output)")
        let recompiled = try workspace.recompiledSources()
        #expect(try workspace.runApp(in: workspace.makeDirectory) == expected)
        try expectNothingToDo(workspace)
        return recompiled
    }

    /// Up to date: dibuild does not run, nothing is compiled or linked, the stamp keeps its mtime. The
    /// only recipes Make may run are the silent existence checks of the factory and the runtime module
    /// (when they are older than the stamp and the library); if neither is, Make says so.
    private func expectNothingToDo(_ workspace: ExampleWorkspace) throws {
        let stamp = try FileSnapshot(Self.stamp, in: workspace)
        let objects = try FileSnapshot("examples/make/build/app-objects.rsp", in: workspace)
        let outcome = try workspace.make()
        #expect(outcome.status == 0)
        #expect(["", "make: Nothing to be done for 'all'.\n"].contains(outcome.output), "\(outcome.output)")
        #expect(try workspace.recompiledSources().isEmpty)
        #expect(try stamp.isUnchanged(in: workspace))
        #expect(try objects.isUnchanged(in: workspace))
    }
}
