import Foundation
import Testing

/// The incremental cache as a build system sees it (`build-integration.md` §4, §12; README rule 2).
@Suite struct IncrementalBuildTests {
    private static let factory = "build/AppFactory.swift"
    private static let depfile = "build/AppFactory.d"

    @Test func aWarmRunWithoutChangesReadsNoSource() throws {
        let project = try IncrementalProject()
        let cold = try project.build(["-v"])
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(IncrementalProject.statistics(cold) == "dibuild: 3 files: 0 from cache, 3 hashed, 3 scanned")
        // The scan phase says how many cores it kept busy (`bench/run.sh` reads it).
        #expect(cold.stderr.contains(/scan [0-9]+\.[0-9] ms \(3 files, [0-9]+\.[0-9]{2} cores\)/))
        let stamps = try IncrementalProject.outputs.dropLast().map(project.stamp)

        let warm = try project.build(["-v"])
        #expect(warm.status == 0)
        #expect(IncrementalProject.statistics(warm) == "dibuild: 3 files: 3 from cache, 0 hashed, 0 scanned")
        #expect(warm.stderr.contains("outputs unchanged"))
        #expect(try IncrementalProject.outputs.dropLast().map(project.stamp) == stamps)
    }

    @Test func touchingASourceHashesItWithoutScanningAndLeavesTheFactoryAlone() throws {
        let project = try IncrementalProject()
        try project.build()
        let factory = try project.stamp(Self.factory)
        try project.backdate("Sources/Greeter.swift", seconds: 1_100_000_000)

        let touched = try project.build(["-v"])
        #expect(touched.status == 0)
        #expect(IncrementalProject.statistics(touched) == "dibuild: 3 files: 3 from cache, 1 hashed, 0 scanned")
        #expect(try project.stamp(Self.factory) == factory)
        // The refreshed stat fields were saved: the next run takes the fast path again.
        let next = try project.build(["-v"])
        #expect(IncrementalProject.statistics(next) == "dibuild: 3 files: 3 from cache, 0 hashed, 0 scanned")
    }

    @Test func anEditIsScannedAndADIChangeRewritesTheFactory() throws {
        let project = try IncrementalProject()
        try project.build()
        let factory = try project.stamp(Self.factory)
        try project.edit("Sources/Greeter.swift", replacing: "\"hello\"", with: "\"hello, world\"")
        // A mtime in the past: not racy, so the next runs take the fast path for this file.
        try project.backdate("Sources/Greeter.swift", seconds: 1_100_000_000)

        let plain = try project.build(["-v"])
        #expect(plain.status == 0)
        #expect(IncrementalProject.statistics(plain) == "dibuild: 3 files: 2 from cache, 1 hashed, 1 scanned")
        // The file's facts did not change: the last build is replayed without linking.
        #expect(plain.stderr.contains("sources changed, but none of their facts; outputs unchanged"))
        #expect(try project.stamp(Self.factory) == factory)

        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let changed = try project.build(["-v"])
        #expect(changed.status == 0)
        #expect(IncrementalProject.statistics(changed) == "dibuild: 3 files: 2 from cache, 1 hashed, 1 scanned")
        #expect(try project.read(Self.factory).contains("\"signin\""))
        #expect(try project.stamp(Self.factory) != factory)
    }

    @Test func aQuietBuildKeepsItsLinkStateAndTheNextDIEditRelinksOnlyWhatChanged() throws {
        let project = try IncrementalProject()
        // Without `-v`: the link state is written on a second thread that the run must wait for. (A run
        // that did not wait lost the state only when the write outlasted the rest of the run: on large
        // projects, not on this one; this test pins the quiet run's outputs and the relink after it.)
        #expect(try project.build().status == 0)
        let linkState = project.cacheFile().replacingOccurrences(of: ".dicache", with: ".dilink")
        let tableImage = project.cacheFile().replacingOccurrences(of: ".dicache", with: ".ditable")
        // The listings (`.didirs`) are kept only once the project's directories are a second old.
        #expect(
            try project.files(under: ".dibuild").filter { !$0.hasSuffix(".didirs") }
                == [project.cacheFile(), linkState, tableImage])

        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let changed = try project.build(["-v"])
        #expect(changed.status == 0)
        let relinked = changed.stderr.split(separator: "\n").first { $0.contains("relinked ") }
        let counts = relinked.map { line in
            line.split(separator: " ").compactMap { Int($0) }
        }
        // "relinked R of T types and F of G files ...": not every type again.
        #expect(counts.map { $0.count >= 2 && $0[0] < $0[1] } == true, "\(changed.stderr)")
    }

    @Test func anEditWithATableImageReadsOnlyTheBlobsItNeeds() throws {
        let project = try IncrementalProject()
        #expect(try project.build().status == 0)
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let edited = try project.build(["-v"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stderr.contains("(interfaces, facts section not read; table image read 3 parts, 2 of 3"))
        #expect(try project.read(Self.factory).contains("\"signin\""))
        // Without the image, the section is read as before.
        try FileManager.default.removeItem(at: project.url(".dibuild/App.ditable"))
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"signin\"", with: "\"login\"")
        let withoutImage = try project.build(["-v"])
        #expect(withoutImage.stderr.contains("(interfaces, facts section read; table image none"))
        #expect(try project.read(Self.factory).contains("\"login\""))
    }

    /// A file scanned beside the walk whose facts changed (a DI edit) has the cache's thread read the table
    /// image next, while the run looks up and plans; a run whose files keep their facts reads none there.
    @Test func aFactsChangeFoundBesideTheWalkHasTheCacheThreadReadTheImage() throws {
        let project = try IncrementalProject()
        #expect(try project.build().status == 0)
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let edited = try project.build(["-v"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stderr.contains("fresh by then; the table image read there next"), "\(edited.stderr)")
        #expect(edited.stderr.contains("table image read 3 parts, 2 of 3 parts kept, 1 interfaces decoded"))
        #expect(try project.read(Self.factory).contains("\"signin\""))
        let unchanged = try project.build(["-v"])
        #expect(unchanged.status == 0 && !unchanged.stderr.contains("read there next"), "\(unchanged.stderr)")
        // A body edit keeps the file's facts: the run replays and needs no image.
        try project.edit("Sources/Greeter.swift", replacing: "\"hello\"", with: "\"hi\"")
        let bodyEdit = try project.build(["-v"])
        #expect(bodyEdit.status == 0, "\(bodyEdit.stderr)")
        #expect(bodyEdit.stderr.contains("plan: replay"), "\(bodyEdit.stderr)")
        #expect(!bodyEdit.stderr.contains("read there next"), "\(bodyEdit.stderr)")
        #expect(try project.read(Self.factory).contains("\"signin\""))
    }

    @Test(arguments: CacheDamage.allCases)
    func aDamagedTableImageIsIgnoredAndRewritten(_ damage: CacheDamage) throws {
        let project = try IncrementalProject()
        #expect(try project.build().status == 0)
        let image = project.cacheFile().replacingOccurrences(of: ".dicache", with: ".ditable")
        let intact = try project.bytes(image)
        var damaged = intact
        damage.apply(to: &damaged)
        try damaged.write(to: project.url(image))
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        let rebuilt = try project.build(["-v"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stderr.contains("table image damaged") || rebuilt.stderr.contains("table image another"))
        #expect(rebuilt.stderr.contains("0 of 3 parts kept, 3 interfaces decoded, to be rewritten"))
        #expect(rebuilt.stderr.contains("wrote table image '.dibuild/App.ditable' (3 parts, \(intact.count) bytes"))
        #expect(try project.read(Self.factory).contains("\"signin\""))
        // The image written is whole again: the next edit keeps every part but the edited file's.
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"signin\"", with: "\"login\"")
        let next = try project.build(["-v"])
        #expect(next.stderr.contains("table image read 3 parts, 2 of 3 parts kept, 1 interfaces decoded"))
        #expect(try project.bytes(image) == intact, "the same parts as before the damage")
    }

    @Test func aSameSizeEditWithinTheRacyWindowIsFoundThroughTheVerifyFlag() throws {
        let project = try IncrementalProject()
        let login = "Sources/Feature One/Login.swift"
        // A mtime less than 2 s before the build reads the file (here: in the future) is racy.
        try project.backdate(login, seconds: Int(Date().timeIntervalSince1970) + 3600, nanoseconds: 123_456_789)
        let before = try project.stamp(login)
        #expect(try project.build().status == 0)
        #expect(try project.read(Self.factory).contains("\"login\""))

        // Same size, same inode, same mtime: only the content differs.
        try project.edit(login, replacing: "\"login\"", with: "\"LOGIN\"")
        try project.restoreModificationTime(login, to: before)
        #expect(try project.stamp(login) == before)

        let rebuilt = try project.build(["-v"])
        #expect(rebuilt.status == 0)
        #expect(IncrementalProject.statistics(rebuilt) == "dibuild: 3 files: 2 from cache, 1 hashed, 1 scanned")
        #expect(try project.read(Self.factory).contains("\"LOGIN\""))
    }

    @Test(arguments: [CacheDamage.flippedByte, .truncated, .otherFormatVersion, .garbage])
    func aDamagedCacheIsIgnoredAndRebuilt(_ damage: CacheDamage) throws {
        let project = try IncrementalProject()
        try project.build()
        let expected = try project.outputBytes()
        var cache = try project.bytes(project.cacheFile())
        damage.apply(to: &cache)
        try cache.write(to: project.url(project.cacheFile()))
        try FileManager.default.removeItem(at: project.url(Self.factory))

        let rebuilt = try project.build(["-v"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stderr.contains("dibuild: ignoring cache '.dibuild/App.dicache': "))
        #expect(IncrementalProject.statistics(rebuilt) == "dibuild: 3 files: 0 from cache, 3 hashed, 3 scanned")
        #expect(try project.outputBytes() == expected)
        let next = try project.build(["-v"])
        #expect(IncrementalProject.statistics(next) == "dibuild: 3 files: 3 from cache, 0 hashed, 0 scanned")
    }

    enum CacheDamage: CaseIterable, Sendable {
        case flippedByte, truncated, otherFormatVersion, garbage

        func apply(to cache: inout Data) {
            switch self {
            case .flippedByte: cache[cache.count / 2] ^= 0x40
            case .truncated: cache = cache.prefix(cache.count / 3)
            // The fixed 32-bit format version follows the 8-byte magic.
            case .otherFormatVersion: cache[8] = cache[8] &+ 1
            case .garbage: cache = Data("not a cache at all\n".utf8)
            }
        }
    }

    @Test func noCacheWritesNoCacheAndMatchesCachedRunsByteForByte() throws {
        let warning = [
            "Sources/Plugins.swift": """
            import DIRuntime

            protocol Plugin {}

            final class Host: Autowired {
                required init(_ plugins: [Plugin]) {}
            }

            """
        ]
        let cached = try IncrementalProject(extra: warning)
        let uncached = try IncrementalProject(extra: warning)
        let cold = try cached.build()
        let warm = try cached.build()
        let plain = try uncached.build(["--no-cache"])
        #expect(!uncached.exists(".dibuild"))
        #expect(cached.exists(cached.cacheFile()))
        #expect(cold.status == 0 && warm.status == 0 && plain.status == 0)
        #expect(cold.stderr.contains("warning: no implementation of 'Plugin' is registered"))
        #expect(warm.stderr == cold.stderr)
        #expect(plain.stderr == cold.stderr)
        #expect(try cached.outputBytes() == uncached.outputBytes())
    }

    @Test func aWarningIsPrintedAgainOnANoOpRun() throws {
        let project = try IncrementalProject(extra: [
            "Sources/Broken.swift":
                "import DIRuntime\n\nfinal class Holder: Autowired {\n    required init(_ all: [Missing]) {}\n}\n"
        ])
        let first = try project.build()
        let second = try project.build(["-v"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stderr.hasPrefix("Sources/Broken.swift:4:"))
        #expect(first.stderr.contains(": warning: no implementation of 'Missing' is registered"))
        #expect(second.stderr.contains("outputs unchanged"))
        #expect(second.stderr.hasSuffix(first.stderr))
        let quiet = try project.build(["-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let strict = try project.build(["--werror"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(": error: no implementation of 'Missing' is registered"))
    }

    @Test func concurrentBuildsOfOneTargetBothSucceedAndLeaveAValidCache() throws {
        let project = try IncrementalProject()
        guard let executable = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        let processes = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["build"]
            process.currentDirectoryURL = URL(fileURLWithPath: project.path)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let next = try project.build(["-v"])
        #expect(next.status == 0)
        #expect(!next.stderr.contains("ignoring cache"))
        #expect(IncrementalProject.statistics(next) == "dibuild: 3 files: 3 from cache, 0 hashed, 0 scanned")
        #expect(try project.files(under: "build") == IncrementalProject.outputs.sorted())
        // The cache and the link state beside it, no temporary file left behind.
        let linkState = project.cacheFile().replacingOccurrences(of: ".dicache", with: ".dilink")
        let tableImage = project.cacheFile().replacingOccurrences(of: ".dicache", with: ".ditable")
        // The listings (`.didirs`) are kept only once the project's directories are a second old.
        #expect(
            try project.files(under: ".dibuild").filter { !$0.hasSuffix(".didirs") }
                == [project.cacheFile(), linkState, tableImage])
    }

    @Test func cleanDeletesTheCacheAndNothingElse() throws {
        let project = try IncrementalProject()
        try project.build()
        let outputs = try project.outputBytes()
        let clean = try DibuildProcess.run(["clean", "-v"], in: project.path)
        #expect(clean.status == 0)
        #expect(clean.stderr == "dibuild: deleted '.dibuild/App.dicache'\n")
        #expect(!project.exists(".dibuild"))
        #expect(try project.outputBytes() == outputs)
        let again = try DibuildProcess.run(["clean"], in: project.path)
        #expect(again.status == 0 && again.stderr.isEmpty)
        let rebuilt = try project.build(["-v"])
        #expect(IncrementalProject.statistics(rebuilt) == "dibuild: 3 files: 0 from cache, 3 hashed, 3 scanned")
    }

    /// The walk's listings are kept beside the cache once the directories have settled (`ListingCache`),
    /// are used by the next run, which then writes nothing, and go with `clean`.
    @Test func settledDirectoriesHaveTheirListingsKeptUntilClean() throws {
        let project = try IncrementalProject()
        try project.build()
        let outputs = try project.outputBytes()
        usleep(1_100_000)
        let settled = try project.build(["-v"])
        #expect(settled.status == 0)
        #expect(project.exists(".dibuild/App.didirs"))
        let listings = try project.stamp(".dibuild/App.didirs")
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"login\"", with: "\"signin\"")
        #expect(try project.build().status == 0)
        #expect(try project.stamp(".dibuild/App.didirs") == listings)
        try project.edit("Sources/Feature One/Login.swift", replacing: "\"signin\"", with: "\"login\"")
        try project.write("Sources/Added.swift", "struct Added {}\n")
        #expect(try project.build().status == 0)
        #expect(try project.read(Self.depfile).contains("Sources/Added.swift"))
        try FileManager.default.removeItem(at: project.url("Sources/Added.swift"))
        #expect(try project.build().status == 0)
        #expect(try project.outputBytes() == outputs)
        #expect(try DibuildProcess.run(["clean"], in: project.path).status == 0)
        #expect(!project.exists(".dibuild"))
    }

    @Test func theDepfileListsEveryInputAndEscapesASpace() throws {
        let project = try IncrementalProject()
        #expect(try project.build(["-o", "./build/AppFactory.swift"]).status == 0)
        let expected = """
            ./build/AppFactory.swift: \\
              Config/app.yml \\
              Sources \\
              Sources/Clock.swift \\
              Sources/Feature\\ One \\
              Sources/Feature\\ One/Login.swift \\
              Sources/Greeter.swift \\
              deli.yml

            """
        #expect(try project.read(Self.depfile) == expected)
        // A no-op run writes the same depfile again (Ninja deletes it after reading it).
        try FileManager.default.removeItem(at: project.url(Self.depfile))
        let again = try project.build(["-o", "./build/AppFactory.swift", "-v"])
        #expect(again.stderr.contains("outputs unchanged"))
        #expect(try project.read(Self.depfile) == expected)
    }

    @Test func aRunWithErrorsLeavesThePreviousOutputsAndExitsOne() throws {
        let project = try IncrementalProject()
        try project.build()
        let outputs = try project.outputBytes()
        for output in IncrementalProject.outputs { try project.backdate(output, seconds: 1_200_000_000) }
        let stamps = try IncrementalProject.outputs.map(project.stamp)
        try project.write(
            "Sources/Broken.swift",
            "import DIRuntime\n\nfinal class Broken: Autowired {\n    required init(_ m: Missing) {}\n}\n")

        let failed = try project.build()
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("Sources/Broken.swift:4:"))
        #expect(try IncrementalProject.outputs.map(project.stamp) == stamps)
        #expect(try project.outputBytes() == outputs)

        try FileManager.default.removeItem(at: project.url("Sources/Broken.swift"))
        let fixed = try project.build(["-v"])
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("outputs unchanged"))
        #expect(try project.outputBytes() == outputs)
    }

    @Test func aChangedOrDeletedOutputForcesTheFullPath() throws {
        let project = try IncrementalProject()
        try project.build()
        let factory = try project.read(Self.factory)
        try project.write(Self.factory, factory + "// edited\n")
        let edited = try project.build(["-v"])
        #expect(edited.stderr.contains("'build/AppFactory.swift' was changed or removed"))
        #expect(try project.read(Self.factory) == factory)

        try FileManager.default.removeItem(at: project.url("build/Deli.resolved"))
        #expect(try project.build().status == 0)
        #expect(project.exists("build/Deli.resolved"))
    }

    @Test func generatedAndNonUTF8FilesBehaveTheSameWithAndWithoutCache() throws {
        let extra = [
            "Sources/Old/OldFactory.swift": "// Generated by dibuild — do not edit.\n\nfinal class Old: Component {}\n"
        ]
        let project = try IncrementalProject(extra: extra)
        let listed = try DibuildProcess.run(["build", "--print-inputs"], in: project.path)
        #expect(!listed.stdout.contains("OldFactory"))
        let cold = try project.build(["-v"])
        #expect(IncrementalProject.statistics(cold) == "dibuild: 4 files: 0 from cache, 4 hashed, 4 scanned")
        #expect(!(try project.read(Self.depfile)).contains("OldFactory"))
        #expect(!(try project.read(Self.factory)).contains("Old"))

        try Data([0x2F, 0x2F, 0x20, 0xFF, 0x0A]).write(to: project.url("Sources/Latin1.swift"))
        let runs = try [project.build(), project.build(), project.build(["--no-cache"])]
        #expect(runs.map(\.status) == [1, 1, 1])
        #expect(runs[0].stderr == "error: 'Sources/Latin1.swift' is not valid UTF-8\n")
        #expect(runs[1].stderr == runs[0].stderr && runs[2].stderr == runs[0].stderr)
    }

    @Test func aCacheInAListedDirectoryIsWarnedAbout() throws {
        let project = try IncrementalProject()
        let outcome = try project.build(["--cache-dir", "Sources"])
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr
                == "warning: 'Sources/App.dicache' is written into 'Sources', which is listed as a dependency; "
                + "the build would never be up to date\n")
        #expect(project.exists("Sources/App.dicache"))
    }
}
