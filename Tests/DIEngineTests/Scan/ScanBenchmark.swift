import Foundation
import Testing

@testable import DIEngine

#if canImport(SwiftParser)
    import SwiftParser
#endif

/// Scanner throughput on the corpus of `bench/scan/gen_corpus.py`; see `bench/scan/README.md`.
/// Runs only with `DIBUILD_BENCH=1` (meant for `swift test -c release`).
@Suite struct ScanBenchmark {
    private static let environment = ProcessInfo.processInfo.environment
    private static let repetitions = 3

    @Test(.enabled(if: environment["DIBUILD_BENCH"] == "1")) func throughput() throws {
        let files = try Self.corpus()
        let megabytes = Double(files.reduce(0) { $0 + $1.bytes.count }) / 1_000_000
        print(String(format: "scan benchmark: %d files, %.2f MB", files.count, megabytes))
        #if canImport(SwiftParser)
            let parse = Self.best {
                for file in files { _ = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) } }
            }
            print(
                String(
                    format: "scan benchmark: parse only, 1 thread: %.1f MB/s (%.1f MB per CPU second)",
                    megabytes / parse.wall, megabytes / parse.cpu))
        #endif
        let threadCounts =
            Self.environment["DIBUILD_BENCH_THREADS"]?.split(separator: ",").compactMap { Int($0) }
            ?? [1, ProcessInfo.processInfo.activeProcessorCount]
        for threads in threadCounts {
            var facts: [FileFacts] = []
            let time = Self.best { facts = Scanner.scanAll(files, runtimeModule: "DIRuntime", threads: threads) }
            #expect(facts.count == files.count)
            #expect(facts.contains { !$0.declarations.isEmpty })
            print(
                String(
                    format: "scan benchmark: scan, %d thread(s): %.1f MB/s (%.1f MB per CPU second)", threads,
                    megabytes / time.wall, megabytes / time.cpu))
        }
    }

    private static func corpus() throws -> [(path: String, bytes: [UInt8])] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory = URL(
            fileURLWithPath: environment["DIBUILD_BENCH_CORPUS"]
                ?? repository.appendingPathComponent("bench/out/scan-corpus").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { (path: $0, bytes: try [UInt8](Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    /// Wall-clock and process CPU seconds of the fastest of a few runs. CPU time makes figures taken on a
    /// busy machine comparable: it excludes the time other processes held the cores.
    private static func best(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        (0..<repetitions).map { _ in
            let wallStart = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            body()
            return (Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9, processCPUSeconds() - cpuStart)
        }.min { $0.wall < $1.wall } ?? (0, 0)
    }

    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
