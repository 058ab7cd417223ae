import Foundation
import TestSupport
import Testing

/// `dibuild build` without options skips the argument parser (`Build.executeWithoutOptions`); it must do
/// exactly what the parsed command with its defaults spelled out does.
@Suite struct PlainBuildTests {
    private static let spelledDefaults = ["build", "--color", "auto"]

    @Test func aPlainBuildWritesWhatTheParsedDefaultsWrite() throws {
        let plainApp = try FixtureApp("Library")
        let parsedApp = try FixtureApp("Library")
        let plain = try DibuildProcess.run(["build"], in: plainApp.path)
        let parsed = try DibuildProcess.run(Self.spelledDefaults, in: parsedApp.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout && plain.stderr == parsed.stderr)
        for file in ["Generated/LibraryFactory.swift", "Deli.resolved"] {
            #expect(try plainApp.read(file) == parsedApp.read(file))
        }
        // The directory listings are kept only once the directories are older than the racy window (2 s), so
        // whether `.didirs` exists depends on when each copy was made, not on the command line.
        let withoutListings = { (files: [String]) in files.filter { !$0.hasSuffix(".didirs") } }
        #expect(try withoutListings(plainApp.files()) == withoutListings(parsedApp.files()))
        // The second run of either replays the first: the record does not tell the two command lines apart.
        let again = try DibuildProcess.run(Self.spelledDefaults, in: plainApp.path)
        #expect(again.status == 0 && again.stderr.isEmpty)
    }

    /// Without a config the engine refuses the run; both report it the same way, coloured alike.
    @Test func aPlainBuildFailsLikeTheParsedOne() throws {
        let empty = try ProjectDirectory(prefix: "plain")
        for environment in [[:], ["FORCE_COLOR": "1"]] {
            let plain = try DibuildProcess.run(["build"], in: empty.path, environment: environment)
            let parsed = try DibuildProcess.run(Self.spelledDefaults, in: empty.path, environment: environment)
            #expect(plain.status == 2)
            #expect(plain.stderr.contains("'build' without a config file needs '-o <path>'"))
            #expect(plain.status == parsed.status && plain.stdout == parsed.stdout && plain.stderr == parsed.stderr)
        }
    }
}
