import Foundation
import Testing

@testable import DIEngine

/// Replays every seed and crash reproducer under `Tests/Fuzz/<target>/` (`corpus` and `crashes`)
/// through the function the libFuzzer target calls: each must return normally.
@Suite struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    @Test(arguments: FuzzEntries.targets.keys.sorted())
    func corpusReplays(target: String) throws {
        let entry = try #require(FuzzEntries.targets[target])
        var replayed = 0
        for folder in ["corpus", "crashes"] {
            let directory = Self.root.appendingPathComponent(target).appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
                // The scanner runs on scan threads in the engine (16 MiB stacks); the replay does the same.
                _ = ParallelMap.map([bytes], threads: 1) { entry($0) }
                replayed += 1
            }
        }
        #expect(replayed > 0, "no corpus for \(target)")
    }
}
