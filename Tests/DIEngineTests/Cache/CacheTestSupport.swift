import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// A scanner stand-in whose facts reflect the bytes (a typealias named after the content), and which
/// records every file it is asked to scan (from any thread; sorted, since scans run in parallel).
final class RecordingScanner: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    var scannedPaths: [String] { lock.withLock { paths.sorted() } }

    func scan(_ path: String, _ bytes: [UInt8]) -> FileFacts {
        lock.withLock { paths.append(path) }
        return Self.facts(for: bytes)
    }

    static func facts(for bytes: [UInt8]) -> FileFacts {
        var facts = FileFacts()
        let text = String(decoding: bytes, as: UTF8.self)
        facts.typealiases = [
            TypealiasFact(name: "Content", target: text, position: SourcePosition(line: 1, column: 1))
        ]
        return facts
    }
}

/// One simulated `dibuild` run against a cache file: load, look up, resolve facts, save.
struct CacheRun {
    var cache: SourceCache
    var note: String?
    var lookups: [FileLookup]
    var facts: [FileFacts?]
    var saveWarning: Diagnostic?

    static let identity = CacheIdentity(toolVersion: "1.0.0", runtimeModule: "DIRuntime")
    /// Well after every mtime the tests set, so only files given a recent mtime are racy.
    static let now: Int64 = 1_700_000_000 * 1_000_000_000

    static func run(
        _ files: [String], cacheFile: String, scanner: RecordingScanner, identity: CacheIdentity = identity,
        now: Int64 = now
    ) -> CacheRun {
        var (cache, note) = SourceCache.load(from: cacheFile, identity: identity)
        let lookups = cache.lookup(files, now: now)
        let facts = cache.resolveFacts(lookups) { scanner.scan($0, $1) }
        let warning = cache.save(to: cacheFile)
        return CacheRun(cache: cache, note: note, lookups: lookups, facts: facts, saveWarning: warning)
    }

    var statistics: CacheStatistics { cache.statistics }
}

/// Source files with an old, fixed mtime (so they are not racy) in a temporary directory.
struct SourceTree {
    let directory: TemporaryDirectory
    var cacheFile: String { directory.path + "/.dibuild/App.dicache" }

    init() throws {
        directory = try TemporaryDirectory()
    }

    @discardableResult
    func add(_ name: String, _ text: String, mtime: Int = 1_600_000_000) throws -> String {
        let path = try directory.write("Sources/" + name, text)
        TemporaryDirectory.setModificationTime(of: path, seconds: mtime)
        return path
    }
}

extension SourceTree {
    /// Three sources with sample facts and a run record (digest 7, payload [9]), saved as the cache.
    func saveSampleCache(identity: CacheIdentity) throws -> [String] {
        let files = try (0..<3).map { try add("F\($0).swift", "class F\($0) {}") }
        var cache = SourceCache(identity: identity)
        for (index, lookup) in cache.lookup(files, now: CacheRun.now).enumerated() {
            cache.store(SampleFacts.make(index), for: lookup)
        }
        cache.record(RunRecord(inputsDigest: 7, payload: [9]))
        #expect(cache.save(to: cacheFile) == nil)
        return files
    }
}

extension FileLookup {
    /// Each lookup's path, key, outcome and entry as text: lookups made two ways compare equal as these.
    static func summary(_ lookups: [FileLookup]) -> [String] {
        lookups.map { lookup in
            let outcome =
                switch lookup.outcome {
                case .cached(let facts): "cached \(facts.count)"
                case .needsScan(let bytes, let pending): "scan \(bytes.count) \(pending)"
                case .unreadable(let error): "unreadable \(error)"
                }
            return "\(lookup.path) \(lookup.key) \(outcome) \(String(describing: lookup.entry))"
        }
    }
}
