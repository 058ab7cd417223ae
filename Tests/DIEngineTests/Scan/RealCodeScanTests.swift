import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// Real code the Swift compiler accepts never fails the scan: package copies under `/opt/swift-packages`
/// (absent ones are skipped with a printed reason) are scanned file by file; warnings are allowed
/// (swift-syntax lags the compiler), errors and crashes are not.
@Suite struct RealCodeScanTests {
    /// Repository (under `/opt/swift-packages`) and tag; `Sources` of each is scanned.
    static let packages: [(repository: String, tag: String)] = [
        ("apple/swift-collections", "1.6.0"), ("apple/swift-algorithms", "1.2.1"),
        ("apple/swift-argument-parser", "1.8.2"), ("apple/swift-log", "1.16.2"), ("apple/swift-nio", "2.101.3"),
        ("apple/swift-numerics", "1.1.1"), ("apple/swift-system", "1.8.1"), ("apple/swift-atomics", "1.3.0"),
        ("apple/swift-async-algorithms", "1.1.4"), ("jpsim/Yams", "6.2.2"), ("kylef/PathKit", "1.0.1"),
        ("Swinject/Swinject", "2.10.0"), ("JohnSundell/Ink", "0.6.0"), ("OpenCombine/OpenCombine", "0.14.0"),
    ]

    /// Debug swift-syntax is about 20 times slower than release: debug builds scan the first files of each
    /// package (by path) up to this many bytes, unless `DIBUILD_REAL_CODE_FULL=1`.
    static let debugBytesPerPackage = 60_000

    /// Extracts every available package's `Sources` (`git archive`) into `directory`; returns the
    /// `.swift` files (path, bytes) per package, and prints why a package is skipped.
    static func corpus(in directory: URL) throws -> [(path: String, bytes: [UInt8])] {
        var files: [(path: String, bytes: [UInt8])] = []
        for package in packages {
            let repository = "/opt/swift-packages/\(package.repository).git"
            guard FileManager.default.fileExists(atPath: repository) else {
                print("skipped \(package.repository): no copy at \(repository)")
                continue
            }
            let target = directory.appendingPathComponent(package.repository)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let extract = try ProcessRunner.run(
                "/bin/sh",
                [
                    "-c", "git -C \"$0\" archive \"$1\" Sources | tar -x -C \"$2\"", repository, package.tag,
                    target.path,
                ])
            guard extract.status == 0 else {
                print("skipped \(package.repository): tag \(package.tag) could not be extracted")
                continue
            }
            files += try swiftFiles(under: target).map { (path: $0.path, bytes: try [UInt8](Data(contentsOf: $0))) }
        }
        return files
    }

    private static func swiftFiles(under directory: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    @Test func packageSourcesScanWithoutErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dibuild-real-code-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var files = try Self.corpus(in: directory)
        #if DEBUG
            if ProcessInfo.processInfo.environment["DIBUILD_REAL_CODE_FULL"] != "1" {
                files = Self.boundedSubset(files, root: directory.path)
                print("debug build: scanning a subset (\(Self.debugBytesPerPackage) bytes per package)")
            }
        #endif
        let start = Date()
        let results = DIEngine.Scanner.scanAll(files, runtimeModule: "DIRuntime")
        let seconds = Date().timeIntervalSince(start)
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        print(
            "scanned \(files.count) files, \(bytes) bytes in \(String(format: "%.2f", seconds)) s "
                + "(\(String(format: "%.1f", Double(bytes) / 1e6 / max(seconds, 1e-9))) MB/s)")
        var warnings = 0
        for (file, facts) in zip(files, results) {
            for diagnostic in facts.diagnostics {
                #expect(diagnostic.severity == .warning, "\(file.path): \(diagnostic.message)")
                print("warning: \(file.path.dropFirst(directory.path.count + 1)): \(diagnostic.message)")
                warnings += 1
            }
        }
        print("\(warnings) warnings")
    }

    /// The first files of each package, by path, up to `debugBytesPerPackage` bytes.
    private static func boundedSubset(_ files: [(path: String, bytes: [UInt8])], root: String) -> [(
        path: String, bytes: [UInt8]
    )] {
        var taken: [String: Int] = [:]
        return files.filter { file in
            let package = packages.first { file.path.hasPrefix(root + "/" + $0.repository + "/") }?.repository ?? ""
            guard taken[package, default: 0] < debugBytesPerPackage else { return false }
            taken[package, default: 0] += file.bytes.count
            return true
        }
    }
}
