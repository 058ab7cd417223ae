import Testing

@testable import DIEngine

@Suite struct OutputPlacementTests {
    /// `.dibuild/App.dicache` is fine although `.` is listed: only creating `.dibuild` touches `.`, once.
    @Test func fileWrittenIntoAListedDirectoryIsWarnedO04() {
        let warnings = OutputPlacement.listedDirectoryWarnings(
            writtenFiles: ["Sources/App/App.d", "build/cache/App.dicache", ".dibuild/App.dicache", "App.dicache"],
            listedPaths: ["Sources/App", "Sources/App/A.swift", "deli.yml", "."], workingDirectory: "/work/project")
        #expect(
            warnings == [
                .warning(
                    "O04",
                    "'Sources/App/App.d' is written into 'Sources/App', which is listed as a dependency; the build would never be up to date"
                ),
                .warning(
                    "O04",
                    "'App.dicache' is written into '.', which is listed as a dependency; the build would never be up to date"
                ),
            ])
    }

    @Test func spellingsAreComparedAfterNormalisation() {
        let warnings = OutputPlacement.listedDirectoryWarnings(
            writtenFiles: ["/work/project/Sources//x.d"], listedPaths: ["./Sources"], workingDirectory: "/work/project")
        #expect(warnings.map(\.code) == ["O04"])
        #expect(warnings.first?.message.hasPrefix("'/work/project/Sources//x.d' is written into './Sources'") == true)
    }

    @Test func filesOutsideListedDirectoriesAreFine() {
        let warnings = OutputPlacement.listedDirectoryWarnings(
            writtenFiles: ["build/App.d", "Sources/App/Sub/x.d"], listedPaths: ["Sources/App", "Sources/App/A.swift"],
            workingDirectory: "/p")
        #expect(warnings.isEmpty)
    }

    /// The last-component shortcut agrees with comparing absolute paths, for every path of up to four
    /// pieces among names, `.`, `..` and `/`, including a name canonically equal to an ASCII one (the
    /// Kelvin sign is `K`).
    @Test func lastComponentShortcutAgreesWithAbsolutePaths() {
        let pieces = ["K", "a", ".", "..", "/", "\u{212A}", "é"]
        var level = [""]
        var paths: [String] = []
        for _ in 0..<4 {
            level = level.flatMap { path in pieces.map { path + $0 } }
            paths += level
        }
        for written in ["/w/K/x.d", "/w/a/x.d", "w.d", "/w/../x.d", "/x.d", "a/\u{212A}/x.d"] {
            let directory = DisplayPath.directory(of: AbsolutePath.of(written, relativeTo: "/w"))
            for path in paths {
                let warned = !OutputPlacement.listedDirectoryWarnings(
                    writtenFiles: [written], listedPaths: [path], workingDirectory: "/w"
                ).isEmpty
                #expect(warned == (AbsolutePath.of(path, relativeTo: "/w") == directory), "\(written) \(path)")
            }
        }
    }

    @Test func absolutePaths() {
        #expect(AbsolutePath.of("x/./y", relativeTo: "/base/") == "/base/x/y")
        #expect(AbsolutePath.of("x/y", relativeTo: "/base") == "/base/x/y")
        #expect(AbsolutePath.of("../x", relativeTo: "/base") == "/base/../x")
        #expect(AbsolutePath.of(".", relativeTo: "/base") == "/base")
        #expect(AbsolutePath.of("x", relativeTo: "/") == "/x")
        #expect(AbsolutePath.of("/abs//y/", relativeTo: "/base") == "/abs/y")
        for directory in ["/base", "/base/", "/", "/a/./b"] {
            let base = AbsolutePath.Base(directory)
            for path in ["x/y", "x/./y", "../x", ".", "/abs//y/", "x/", "é/e\u{301}"] {
                let expected = DisplayPath.join(directory, path)
                #expect(Array(base.absolute(path).utf8) == Array(expected.utf8), "\(directory) \(path)")
            }
        }
        for path in ["a", "/a/b", "a/..", ".x/y", "/", "."] { #expect(AbsolutePath.isNormalized(path), "\(path)") }
        for path in ["a/", "a//b", "./a", "a/.", "a/./b", ""] { #expect(!AbsolutePath.isNormalized(path), "\(path)") }
    }

    /// `isNormalized` agrees with `DisplayPath.normalize` on every path of up to six `a`, `.` and `/`.
    @Test func normalizedCheckAgreesWithNormalizeExhaustively() {
        var level = [""]
        var mismatches: [String] = []
        for _ in 0..<6 {
            level = level.flatMap { path in ["a", ".", "/"].map { path + $0 } }
            mismatches += level.filter { AbsolutePath.isNormalized($0) != (DisplayPath.normalize($0) == $0) }
        }
        #expect(mismatches == [])
    }

    /// The shortcut agrees with comparing the built path, and declines what it cannot compare bytewise.
    @Test func cheapComparisonAgreesWithTheBuiltPath() {
        let absolutes = ["/base/Sources", "/base/Sources/App", "/base", "/other/Sources", "/base/Sourcesx"]
        for path in ["Sources", "Sources/App", "Source", "Sources/Ap", "x/Sources"] {
            for absolute in absolutes {
                #expect(
                    AbsolutePath.cheaplyCompares(path, relativeTo: "/base", with: absolute)
                        == (AbsolutePath.of(path, relativeTo: "/base") == absolute), "\(path) \(absolute)")
            }
        }
        for path in ["./Sources", "Sources/", "/base/Sources", ".", "Caf\u{E9}"] {
            #expect(AbsolutePath.cheaplyCompares(path, relativeTo: "/base", with: "/base/Sources") == nil, "\(path)")
        }
        #expect(AbsolutePath.cheaplyCompares("x", relativeTo: "/", with: "/x") == nil)
    }
}
