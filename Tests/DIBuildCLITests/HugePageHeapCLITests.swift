import Foundation
import TestSupport
import Testing

/// dibuild advises malloc's heaps of a cold build as huge pages (`HugePageHeap`) unless glibc's own malloc
/// tunables are set:
/// where memory comes from must not change anything a build writes or prints.
@Suite struct HugePageHeapCLITests {
    @Test func aBuildWritesTheSameWithAndWithoutTheAdvice() throws {
        let advised = try FixtureApp("Library")
        let plain = try FixtureApp("Library")
        let withAdvice = try DibuildProcess.run(["build"], in: advised.path)
        let without = try DibuildProcess.run(
            ["build"], in: plain.path, environment: ["GLIBC_TUNABLES": "glibc.malloc.check=0"])
        #expect(withAdvice.status == 0, "\(withAdvice.stderr)")
        #expect(withAdvice.status == without.status)
        #expect(withAdvice.stdout == without.stdout && withAdvice.stderr == without.stderr)
        for file in ["Generated/LibraryFactory.swift", "Deli.resolved"] {
            #expect(try advised.read(file) == plain.read(file))
        }
        // The cache's own files are left out: the directory listings are kept only once they are a second
        // old (`ListingCache`), which depends on when each build ran, not on its memory.
        let outputs = { (app: FixtureApp) in try app.files().filter { !$0.hasPrefix(".dibuild/") } }
        #expect(try outputs(advised) == outputs(plain))
    }

    /// The main heap can only be advised from the main thread, so this is seen in the process itself: `-v`
    /// names the range of a cold build, where the kernel has transparent huge pages, and of no later one.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func verboseOutputNamesTheAdvisedHeapOfAColdBuildOnly() throws {
        let app = try FixtureApp("Library")
        let advised = try DibuildProcess.run(["build", "-v"], in: app.path)
        let mebibytes = advised.stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("dibuild: heap: ") && line.hasSuffix(" MiB advised as huge pages")
                ? Int(line.dropFirst("dibuild: heap: ".count).prefix { $0.isNumber }) : nil
        }
        #expect(advised.status == 0, "\(advised.stderr)")
        #expect(mebibytes.count == 1 && mebibytes[0] >= 64, "\(advised.stderr)")
        let incremental = try DibuildProcess.run(["build", "-v"], in: app.path)
        #expect(incremental.status == 0, "\(incremental.stderr)")
        #expect(!incremental.stderr.contains("advised as huge pages"), "\(incremental.stderr)")
        let cold = try FixtureApp("Library")
        let declined = try DibuildProcess.run(
            ["build", "-v"], in: cold.path, environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(declined.status == 0 && !declined.stderr.contains("advised as huge pages"), "\(declined.stderr)")
    }
}
