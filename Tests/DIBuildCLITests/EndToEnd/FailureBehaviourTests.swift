import Foundation
import TestSupport
import Testing

/// Issue #11: dibuild never destroys what it did not create. One test per row of the table:
/// inputs named as outputs, device and FIFO destinations, unwritable stdout/stderr, unbounded and
/// blocking inputs, the all-or-nothing output set, a huge cache, the row-9 messages, `--no-resolve`.
@Suite struct FailureBehaviourTests {
    static let factory = "Generated/LibraryFactory.swift"

    /// Row 1: an output that is an input (or a link to one) is a usage error; nothing is written.
    @Test(arguments: [
        ["build", "-o", "deli.yml"], ["build", "-o", "Sources/main.swift"], ["build", "--depfile", "deli.yml"],
        ["generate", "-o", "Configurations/app.yml"], ["graph", "-o", "deli.yml"], ["graph", "-o", "config-link.yml"],
        ["build", "--depfile", "./Sources/../deli.yml"], ["build", "--depfile", "source-link.d"],
        ["graph", "-o", "SourcesLink/main.swift"],
    ])
    func anOutputThatIsAnInputIsAUsageError(arguments: [String]) throws {
        let app = try FixtureApp("Library")
        try FileManager.default.createSymbolicLink(
            atPath: app.path + "/config-link.yml", withDestinationPath: "deli.yml")
        try FileManager.default.createSymbolicLink(
            atPath: app.path + "/source-link.d", withDestinationPath: "Sources/main.swift")
        try FileManager.default.createSymbolicLink(atPath: app.path + "/SourcesLink", withDestinationPath: "Sources")
        let before = try app.files()
        let inputs = try ["deli.yml", "Sources/main.swift", "Configurations/app.yml"].map { try app.read($0) }
        let outcome = try DibuildProcess.run(arguments, in: app.path)
        #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("error: the "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("would overwrite"), "\(outcome.stderr)")
        #expect(try app.files() == before)
        #expect(try ["deli.yml", "Sources/main.swift", "Configurations/app.yml"].map { try app.read($0) } == inputs)
    }

    /// Row 2: a destination that is a FIFO, a link to `/dev/null`, or (as root) a character device made
    /// with `mknod` is refused with exit 74 and stays what it was.
    @Test func destinationsThatAreNotRegularFilesAreRefused() throws {
        let app = try FixtureApp("Library")
        #expect(mkfifo(app.path + "/deps.fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: app.path + "/null.d", withDestinationPath: "/dev/null")
        var destinations = ["deps.fifo": "a FIFO", "null.d": "a character device"]
        if geteuid() == 0 {
            #expect(mknod(app.path + "/zero.d", S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0)
            destinations["zero.d"] = "a character device"
        } else {
            print("FailureBehaviourTests: mknod needs root; checking a FIFO and a link to /dev/null only")
        }
        for (destination, kind) in destinations {
            for arguments in [["build", "--depfile", destination], ["build", "-o", destination]] {
                let outcome = try DibuildProcess.run(arguments, in: app.path)
                #expect(outcome.status == 74, "\(arguments): \(outcome.stderr)")
                #expect(
                    outcome.stderr.contains("error: output path '\(destination)' is not a regular file (\(kind))"),
                    "\(outcome.stderr)")
                #expect(!app.exists(Self.factory) && !app.exists("Deli.resolved"))
            }
        }
        #expect(try fileType(app.path + "/deps.fifo") == S_IFIFO)
        #expect(try fileType(app.path + "/null.d") == S_IFCHR)
        if geteuid() == 0 { #expect(try fileType(app.path + "/zero.d") == S_IFCHR) }
    }

    /// Row 3: stdout or stderr that cannot be written ends the run with exit 74, never a crash.
    @Test func unwritableStandardStreamsExitWith74() throws {
        let app = try FixtureApp("Library")
        let full = try ShellRun.run("\"$DIBUILD\" generate >/dev/full", in: app.path)
        #expect(full.status == 74, "\(full.output)")
        #expect(full.output == "error: cannot write to standard output: No space left on device\n")

        let closed = try ShellRun.run("\"$DIBUILD\" generate >&-", in: app.path)
        #expect(closed.status == 74, "\(closed.output)")
        #expect(closed.output == "error: cannot write to standard output: Bad file descriptor\n")

        let pipe = try ShellRun.run(
            "set -o pipefail; trap '' PIPE; \"$DIBUILD\" generate | true", in: app.path, shell: "/bin/bash")
        #expect(pipe.status == 74, "\(pipe.output)")
        #expect(pipe.output == "error: cannot write to standard output: Broken pipe\n")

        // A warning that cannot be shown: no message is possible, the exit status says it.
        let warning = try ShellRun.run("\"$DIBUILD\" validate --include 'Missing/*.swift' 2>&-", in: app.path)
        #expect(warning.status == 74, "\(warning.output)")
        #expect(warning.output.isEmpty)
    }

    /// Row 4: `/dev/zero` (through a link) as property file, config or source is refused at once, as is a
    /// file beyond the 64 MiB input bound.
    @Test func unboundedInputsAreRefusedAtOnce() throws {
        let app = try FixtureApp("Library")
        try FileManager.default.createSymbolicLink(atPath: app.path + "/zero.yml", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(
            atPath: app.path + "/Sources/Zero.swift", withDestinationPath: "/dev/zero")
        let huge = app.path + "/huge.yml"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 65 << 20) == 0)
        let cases: [(script: String, message: String)] = [
            (
                "validate --no-cache --property zero.yml",
                "error: cannot read 'zero.yml': not a regular file (a character device)"
            ),
            ("validate --config zero.yml", "error: cannot read 'zero.yml': not a regular file (a character device)"),
            ("validate --property huge.yml", "error: cannot read 'huge.yml': larger than 64 MiB"),
            ("build", "cannot read 'Sources/Zero.swift': not a regular file (a character device)"),
        ]
        for (arguments, message) in cases {
            let outcome = try ShellRun.run("exec \"$DIBUILD\" \(arguments)", in: app.path, timeout: 60)
            #expect(outcome.status == 1, "\(arguments): \(outcome.output)")
            #expect(outcome.output.contains(message), "\(arguments): \(outcome.output)")
        }
        #expect(!app.exists(Self.factory))
    }

    /// Row 5: a FIFO as property file, config or cache never blocks the run. The cache is ignored with a
    /// warning and left alone.
    @Test func fifoInputsDoNotBlock() throws {
        let app = try FixtureApp("Library")
        #expect(mkfifo(app.path + "/pipe.yml", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: app.path + "/.dibuild", withIntermediateDirectories: true)
        #expect(mkfifo(app.path + "/.dibuild/Library.dicache", 0o644) == 0)
        for arguments in ["validate --property pipe.yml", "validate --config pipe.yml"] {
            let outcome = try ShellRun.run("exec \"$DIBUILD\" \(arguments)", in: app.path, timeout: 60)
            #expect(outcome.status == 1, "\(arguments): \(outcome.output)")
            #expect(outcome.output.contains("error: cannot read 'pipe.yml': not a regular file (a FIFO)"))
        }
        let build = try ShellRun.run("exec \"$DIBUILD\" build", in: app.path, timeout: 60)
        #expect(build.status == 0, "\(build.output)")
        #expect(
            build.output.contains("warning: ignoring cache '.dibuild/Library.dicache': not a regular file (a FIFO)"))
        #expect(app.exists(Self.factory))
        #expect(try fileType(app.path + "/.dibuild/Library.dicache") == S_IFIFO)
        for arguments in ["generate", "validate"] {
            let outcome = try ShellRun.run("exec \"$DIBUILD\" \(arguments) >/dev/null", in: app.path, timeout: 60)
            #expect(outcome.status == 0, "\(arguments): \(outcome.output)")
            #expect(outcome.output.contains("warning: ignoring cache '.dibuild/Library.dicache': not a regular file"))
        }
    }

    /// Row 6: a depfile destination that is a directory, after a graph change: exit 74 and neither the
    /// resolved file nor the factory is rewritten.
    @Test func aDirectoryDepfileLeavesTheWholeOutputSetAlone() throws {
        let app = try FixtureApp("Library")
        #expect(try DibuildProcess.run(["build"], in: app.path).status == 0)
        let (factory, resolved) = (try app.read(Self.factory), try app.read("Deli.resolved"))
        let stamps = (try app.backdate(Self.factory), try app.backdate("Deli.resolved"))
        try changeTheGraph(app)
        try FileManager.default.createDirectory(atPath: app.path + "/deps.d", withIntermediateDirectories: true)
        let outcome = try DibuildProcess.run(["build", "--depfile", "deps.d"], in: app.path)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "error: output path 'deps.d' is a directory\n")
        #expect(try app.read(Self.factory) == factory && app.read("Deli.resolved") == resolved)
        #expect(try app.modificationDate(Self.factory) == stamps.0)
        #expect(try app.modificationDate("Deli.resolved") == stamps.1)
        #expect(try hiddenTemporaries(in: app) == [])
        // Once the destination is free, the same build writes the new set.
        try FileManager.default.removeItem(atPath: app.path + "/deps.d")
        #expect(try DibuildProcess.run(["build", "--depfile", "deps.d"], in: app.path).status == 0)
        #expect(try app.read(Self.factory) != factory && app.read("Deli.resolved") != resolved)
    }

    /// Row 7: the factory cannot be written after a graph change. `chattr +i` is not available on every
    /// file system and root ignores permissions, so the write is made to fail with `ulimit -f` (`EFBIG`,
    /// `SIGXFSZ` ignored): the limit lies above the resolved file and the depfile and below the factory,
    /// so the factory is the only file whose temporary copy cannot be written. Works as root and not.
    @Test func aFactoryThatCannotBeWrittenLeavesTheWholeOutputSetAlone() throws {
        let app = try FixtureApp("Library")
        #expect(try DibuildProcess.run(["build", "--depfile", "deps.d"], in: app.path).status == 0)
        let files = [Self.factory, "Deli.resolved", "deps.d"]
        let contents = try files.map { try app.read($0) }
        let stamps = try files.map { try app.backdate($0) }
        try changeTheGraph(app)
        let sizes = try files.map { try FileManager.default.attributesOfItem(atPath: app.url($0).path)[.size] as! Int }
        let limit = max(sizes[1], sizes[2]) / 1024 + 2
        try #require(sizes[0] > (limit + 1) * 1024, "the factory must be larger than the limit: \(sizes), \(limit)")
        let outcome = try ShellRun.run(
            "ulimit -f \(limit); trap '' XFSZ; exec \"$DIBUILD\" build --depfile deps.d", in: app.path,
            shell: "/bin/bash")
        #expect(outcome.status == 74, "\(outcome.output)")
        #expect(outcome.output.contains("error: cannot write '\(Self.factory)': File too large"), "\(outcome.output)")
        #expect(try files.map { try app.read($0) } == contents)
        #expect(try files.map { try app.modificationDate($0) } == stamps)
        #expect(try hiddenTemporaries(in: app) == [])
    }

    /// Row 8: a cache file larger than its bound (a sparse 300 MiB file) is not read: it is ignored with a
    /// warning and replaced by a real cache.
    @Test func anOversizedCacheIsIgnoredWithAWarning() throws {
        let app = try FixtureApp("Library")
        let cache = app.path + "/.dibuild/Library.dicache"
        try FileManager.default.createDirectory(atPath: app.path + "/.dibuild", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: cache, contents: nil))
        #expect(truncate(cache, 300 << 20) == 0)
        let generate = try ShellRun.run("\"$DIBUILD\" generate -v >/dev/null", in: app.path, timeout: 120)
        #expect(generate.status == 0, "\(generate.output)")
        #expect(
            generate.output.contains("ignoring cache '.dibuild/Library.dicache': larger than"), "\(generate.output)")
        let build = try DibuildProcess.run(["build"], in: app.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr == "warning: ignoring cache '.dibuild/Library.dicache': larger than 256 MiB\n")
        let size = try FileManager.default.attributesOfItem(atPath: cache)[.size] as! Int
        #expect(size < 1 << 20)
        #expect(try DibuildProcess.run(["build"], in: app.path).stderr.isEmpty)
    }

    /// Row 9: every message names its real cause.
    @Test func messagesNameTheRealCause() throws {
        let app = try FixtureApp("Library")
        let usage: [([String], String)] = [
            (["build", "-o", ""], "error: '--output' needs a path, not an empty string"),
            (["graph", "-o", ""], "error: '--output' needs a path, not an empty string"),
            (["build", "--depfile", ""], "error: '--depfile' needs a path, not an empty string"),
            (
                ["build", "--no-cache", "--cache-dir", "x"],
                "error: '--no-cache' and '--cache-dir' cannot be used together"
            ),
        ]
        for (arguments, message) in usage {
            let outcome = try DibuildProcess.run(arguments, in: app.path)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr.hasPrefix(message + "\n"), "\(arguments): \(outcome.stderr)")
        }
        #expect(!app.exists("AppFactory.swift") && !app.exists("LibraryFactory.swift") && !app.exists("x"))

        // Two targets writing one factory.
        let properties = "[Configurations/*.yml, Configurations/features.json]"
        try app.write(
            "twins.yml",
            "target: [A, B]\nconfig:\n  A: {include: [Sources], output: Gen/F.swift, properties: \(properties)}\n"
                + "  B: {include: [Sources], output: Gen/F.swift, properties: \(properties), resolve: {generate: false}}\n"
        )
        let twins = try DibuildProcess.run(["build", "--config", "twins.yml"], in: app.path)
        #expect(twins.status == 2)
        #expect(
            twins.stderr
                == "error: the factory of target 'A' and the factory of target 'B' are the same file 'Gen/F.swift'\n")
        #expect(!app.exists("Gen"))

        // A dangling deli.yml link is a broken config, not config-less mode.
        let dangling = try FixtureApp("Library")
        try FileManager.default.removeItem(atPath: dangling.path + "/deli.yml")
        try FileManager.default.createSymbolicLink(atPath: dangling.path + "/deli.yml", withDestinationPath: "gone.yml")
        let broken = try DibuildProcess.run(["build", "-o", "F.swift", "--include", "Sources"], in: dangling.path)
        #expect(broken.status == 1)
        #expect(broken.stderr == "error: cannot read 'deli.yml': a symbolic link to a missing file\n")

        // File and directory names that are not UTF-8 (0xFF never occurs in UTF-8).
        for (directory, file) in [("", "Bad\u{FF}.swift"), ("Bad\u{FF}Dir", "A.swift")] {
            let project = try FixtureApp("Library")
            let sources = Array((project.path + "/Sources/").utf8)
            func bytes(_ name: String) -> [UInt8] { name.unicodeScalars.map { UInt8($0.value) } }
            var parent = sources
            if !directory.isEmpty {
                parent += bytes(directory) + [UInt8(ascii: "/")]
                #expect(mkdir(parent.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
            }
            let descriptor = open((parent + bytes(file)).map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
            #expect(descriptor >= 0)
            close(descriptor)
            let outcome = try DibuildProcess.run(["build"], in: project.path)
            #expect(outcome.status == 1, "\(directory) \(file): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("error: the name of 'Sources/Bad\u{FFFD}"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("is not valid UTF-8; dibuild cannot read it\n"), "\(outcome.stderr)")
            #expect(!project.exists(Self.factory))
        }
    }

    /// Row 10: `--no-resolve` only skips writing `Deli.resolved`; the factory (with its export links) is
    /// byte for byte the same.
    @Test func noResolveDoesNotChangeTheFactory() throws {
        let app = try FixtureApp("Library")
        #expect(try DibuildProcess.run(["build", "--no-cache"], in: app.path).status == 0)
        let withResolved = try app.read(Self.factory)
        try FileManager.default.removeItem(atPath: app.url(Self.factory).path)
        try FileManager.default.removeItem(atPath: app.url("Deli.resolved").path)
        #expect(try DibuildProcess.run(["build", "--no-cache", "--no-resolve"], in: app.path).status == 0)
        #expect(!app.exists("Deli.resolved"))
        #expect(try app.read(Self.factory) == withResolved)
        let generated = try DibuildProcess.run(["generate", "--no-cache"], in: app.path)
        #expect(generated.stdout == withResolved)
    }

    private func changeTheGraph(_ app: FixtureApp) throws {
        try app.edit("Sources/Core/Logger.swift", replacing: "{ \"console\" }", with: "{ \"stdout\" }")
    }

    private func hiddenTemporaries(in app: FixtureApp) throws -> [String] {
        try app.files(under: "").filter { $0.hasSuffix(".tmp") }
    }

    /// The type of what `path` names, links followed (`stat` opens nothing, so a FIFO cannot block it).
    private func fileType(_ path: String) throws -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ShellRun.Failure("cannot stat \(path)") }
        return info.st_mode & S_IFMT
    }
}

/// Runs a shell script with `$DIBUILD` set, stdout and stderr captured together, killed after `timeout`
/// seconds (a hang fails the test instead of stalling the suite).
enum ShellRun {
    typealias Outcome = ProcessRunner.Outcome

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func run(_ script: String, in directory: String, timeout: Double = 120, shell: String = "/bin/sh")
        throws -> Outcome
    {
        guard let executable = DibuildProcess.executable else { throw DibuildProcess.LocatingError() }
        do {
            return try ProcessRunner.run(
                shell, ["-c", script], in: directory, environment: ["DIBUILD": executable], timeout: timeout)
        } catch is ProcessRunner.Timeout {
            throw Failure("'\(script)' did not finish within \(Int(timeout)) s")
        }
    }
}
