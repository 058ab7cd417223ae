import Foundation
import Testing

/// Cache transparency (spec README, global rule 2), checked differentially: a seeded random sequence of
/// edits is applied to two identical copies of a project; after every step one copy is built with the
/// cache and the other with `--no-cache`, and exit code, stdout, stderr, factory, depfile and
/// `Deli.resolved` must be byte-identical. `DIBUILD_DIFF_STEPS` (default 40) and `DIBUILD_DIFF_SEED` set
/// the length and the seed; `bench/differential.sh` runs a long sequence.
@Suite struct CacheTransparencyTests {
    private static let environment = ProcessInfo.processInfo.environment
    private static let steps = environment["DIBUILD_DIFF_STEPS"].flatMap(Int.init) ?? 40
    private static let seed = environment["DIBUILD_DIFF_SEED"].flatMap(UInt64.init) ?? 20_261_124
    /// `DIBUILD_DIFF_VERBOSE=1` prints every step.
    private static let verbose = environment["DIBUILD_DIFF_VERBOSE"] == "1"

    @Test func cachedBuildsMatchUncachedBuildsAfterEveryEdit() throws {
        var model = DifferentialModel.initial()
        let run = try DifferentialRun(seed: Self.seed, model: model)
        var editor = DifferentialEditor(random: SeededGenerator(seed: Self.seed), lastGood: model)
        var history: [String] = ["initial project"]
        var tally = (succeeded: 0, failed: 0, factoryChanges: 0)
        var lastFactory: String??
        var lastFailed = false

        for step in 0...Self.steps {
            if step > 0 {
                let edit = editor.next(model, lastFailed: lastFailed, recentlyModified: run.recentlyWritten)
                try run.apply(edit)
                model = edit.model
                history.append("step \(step): \(edit.description)")
            }
            let (cached, uncached) = try run.buildBoth()
            guard cached == uncached else {
                Issue.record(
                    """
                    cached and --no-cache builds differ after step \(step) (seed \(Self.seed); rerun with \
                    DIBUILD_DIFF_SEED=\(Self.seed) DIBUILD_DIFF_STEPS=\(step)). Last edits:
                    \(history.suffix(8).joined(separator: "\n"))
                    \(DifferentialRun.difference(cached, uncached))
                    """)
                return
            }
            lastFailed = cached.status != 0
            if cached.status == 0 {
                tally.succeeded += 1
                editor.lastGood = model
                history[history.count - 1] += " ✓"
            } else {
                tally.failed += 1
                history[history.count - 1] += " ✗"
            }
            if Self.verbose { print("\(history[history.count - 1]) (exit \(cached.status))") }
            let factory = cached.outputs[DifferentialModel.outputs[0]]
            if factory != lastFactory { tally.factoryChanges += 1 }
            lastFactory = factory
        }
        print(
            "cache transparency: seed \(Self.seed), \(Self.steps) edits: \(tally.succeeded) builds succeeded, "
                + "\(tally.failed) failed, factory changed \(tally.factoryChanges) times")
        // The sequence must exercise both the generating and the error paths.
        if Self.steps >= 20 {
            #expect(tally.succeeded >= Self.steps / 5, "seed \(Self.seed)")
            #expect(tally.failed >= 2, "seed \(Self.seed)")
            #expect(tally.factoryChanges >= Self.steps / 10, "seed \(Self.seed)")
        }
    }
}
