import Foundation
import Testing

/// examples/bazel built by the real Bazel (Debian's bazel-bootstrap) against a remote cache served by a
/// real nginx on loopback: two checkouts at two absolute paths, each with its own output root, share
/// the factory through the cache. One sequence on one cache, since every Bazel build costs seconds.
@Suite(.serialized, .enabled(if: BazelTools.available, BazelTools.skipMessage))
struct BazelExampleTests {

    @Test func checkoutsShareTheFactoryThroughTheRemoteCache() throws {
        let container = FileManager.default.temporaryDirectory
            .appendingPathComponent("dibuild-bazel-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: container) }
        let cache = try LoopbackRemoteCache(in: container + "/cache")
        defer { cache.stop() }
        let first = try BazelCheckout(
            at: container + "/first", outputRoot: container + "/first-output", remoteCache: cache.url)
        defer { first.shutDown() }
        let second = try BazelCheckout(
            at: container + "/second/nested", outputRoot: container + "/second-output", remoteCache: cache.url)
        defer { second.shutDown() }

        // `bazel build //:app` runs every action, and the app prints the injected graph.
        let firstLog = try first.build(logName: "first")
        #expect(firstLog.executed("//:factory"))
        #expect(try first.runApp() == ExampleApp.output)
        let factory = try first.factory()
        #expect(!String(decoding: factory, as: UTF8.self).contains(container), "the factory has an absolute path")

        // The other checkout executes nothing: the factory (and everything else) comes from the cache.
        let secondLog = try second.build(logName: "second")
        #expect(secondLog.remoteCacheHit("//:factory"))
        #expect(!secondLog.spawns.isEmpty && secondLog.spawns.allSatisfy(\.remoteCacheHit))
        #expect(try second.factory() == factory)
        #expect(try second.runApp() == ExampleApp.output)

        // A DI edit (a new component) runs dibuild and yields a new factory; reverting it is a hit again.
        let tintin = second.app + "/Sources/Books/Comics/Tintin.swift"
        try Data(Self.tintinSource.utf8).write(to: URL(fileURLWithPath: tintin))
        let editedLog = try second.build(logName: "di-edit")
        #expect(editedLog.executed("//:factory"))
        #expect(try second.factory() != factory)
        #expect(try second.runApp().contains("books: Asterix, Dune, Emma, Tintin\n"))
        try FileManager.default.removeItem(atPath: tintin)
        let revertedLog = try second.build(logName: "revert")
        #expect(revertedLog.remoteCacheHit("//:factory"))
        #expect(try second.factory() == factory)

        // A non-DI edit reruns dibuild, which writes the same factory, and AppLib, whose module interface
        // is unchanged: the compile of the factory and main.swift stays cached; only the link follows.
        let report = second.app + "/Sources/App/Report.swift"
        let original = try String(contentsOfFile: report, encoding: .utf8)
        try #require(original.contains("\"library: "))
        try original.replacingOccurrences(of: "\"library: ", with: "\"library name: ")
            .write(toFile: report, atomically: true, encoding: .utf8)
        let nonDILog = try second.build(logName: "non-di-edit")
        #expect(nonDILog.executed("//:factory"))
        #expect(try second.factory() == factory)
        #expect(nonDILog.executed("//:app_library"))
        #expect(!nonDILog.executed("//:app_main"), "the factory's compile ran again")
        #expect(nonDILog.executed("//:app"))
        #expect(try second.runApp().contains("library name: Example Library\n"))

        // A new dibuild (here the same one plus a trailing byte) is a new input: the factory is made again.
        try second.replaceDibuild(withCopyIn: container)
        let newToolLog = try second.build(logName: "new-dibuild")
        #expect(newToolLog.executed("//:factory"))
        #expect(try second.factory() == factory)
        #expect(!newToolLog.executed("//:app_main"))
    }

    private static let tintinSource = """
        import DIRuntime

        final class Tintin: Book, Component {
            let title = "Tintin"

            init() {}
        }

        """
}

/// Whether this machine can run the Bazel example: `bazel` and `nginx` on PATH (nginx often lives in
/// /usr/sbin, which a non-root PATH may lack).
enum BazelTools {
    static let available = ["bazel", "nginx"].allSatisfy { tool in
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + tool) }
    }
    static let skipMessage: Comment =
        "examples/bazel needs bazel and nginx (apt-get install bazel-bootstrap nginx); skipped"
}
