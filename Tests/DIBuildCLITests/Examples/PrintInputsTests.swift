import Foundation
import Testing

/// `--print-inputs` is what a SwiftPM plugin or a build file declares up front as the inputs of the
/// dibuild step, so it must list exactly what the depfile of a real build lists: config, property files,
/// sources and every directory walked.
@Suite struct PrintInputsTests {
    @Test(arguments: [false, true])
    func printInputsListsWhatTheDepfileLists(absoluteConfig: Bool) throws {
        let workspace = try ExampleWorkspace()
        try workspace.write(ExampleApp.newBookSource, to: ExampleApp.newBook)
        let config = absoluteConfig ? workspace.app + "/deli.yml" : "../app/deli.yml"
        let arguments = ["build", "--config", config, "-o", "build/gen/AppFactory.swift", "--no-cache", "--no-resolve"]
        let listed = try DibuildProcess.run(arguments + ["--print-inputs"], in: workspace.ninjaDirectory)
        let built = try DibuildProcess.run(
            arguments + ["--depfile", "build/gen/AppFactory.d"], in: workspace.ninjaDirectory)
        try #require(listed.status == 0 && built.status == 0, "\(listed.stderr)\(built.stderr)")

        let depfile = try workspace.text("examples/ninja/build/gen/AppFactory.d")
        let inputs = listed.stdout.split(separator: "\n").map(String.init)
        #expect(inputs == Self.dependencies(inDepfile: depfile))
        let newFolder = absoluteConfig ? workspace.root + "/" + ExampleApp.newBookFolder : "../app/Sources/Books"
        #expect(inputs.contains(newFolder))
        if !absoluteConfig { #expect(inputs == (try ExampleApp.expectedInputs(in: workspace))) }
    }

    /// The dependencies of a depfile's one rule, unescaped (`\ `, `\#`, `$$`), in their order.
    private static func dependencies(inDepfile text: String) -> [String] {
        let rule = text.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\\\n", with: "\n")
        return rule.split(separator: "\n").dropFirst().map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\ ", with: " ")
                .replacingOccurrences(of: "\\#", with: "#").replacingOccurrences(of: "$$", with: "$")
        }
    }
}
