import Testing

@testable import DIEngine

/// The depfile taken from the previous run only when every input it is made from is the same.
@Suite struct DepfileInputsTests {
    static let base = DepfileInputs(
        target: "build/AppFactory.swift", phony: false,
        groups: [
            ["deli.yml"], ["Config/app.yml"], [], ["Sources/A.swift", "Sources/B c.swift", "Sources/x\u{1}.swift"],
            ["Sources", "build"],
        ],
        writtenFiles: ["build/App.d", "build/App.dicache"], workingDirectory: "/work/project")

    /// What the build rendered before the depfile could be reused.
    static func rendered(_ inputs: DepfileInputs) -> ([UInt8], [Diagnostic]) {
        let rendering = Depfile.render(
            target: inputs.target, dependencies: inputs.groups.flatMap { $0 }, phony: inputs.phony)
        let warnings = OutputPlacement.listedDirectoryWarnings(
            writtenFiles: inputs.writtenFiles, listedPaths: rendering.listed, workingDirectory: inputs.workingDirectory)
        return (rendering.bytes, rendering.diagnostics + warnings)
    }

    /// A recorded depfile whose bytes no rendering makes, so that taking it shows.
    static func recorded(key: UInt64?) -> BuildRecord.RecordedFile {
        BuildRecord.RecordedFile(
            path: "build/App.d", bytes: Array("recorded\n".utf8)[...], key: key, diagnostics: [.warning("O99", "kept")])
    }

    @Test func theRecordedDepfileIsTakenForTheSameInputs() {
        let output = Self.base.output(reusing: Self.recorded(key: Self.base.key))
        #expect(output.reused)
        #expect(output.bytes == Array("recorded\n".utf8))
        #expect(output.diagnostics == [.warning("O99", "kept")])
        #expect(output.key == Self.base.key)
    }

    @Test func aFreshRenderingIsWhatTheBuildRenderedBefore() {
        let (bytes, diagnostics) = Self.rendered(Self.base)
        #expect(diagnostics.map(\.code) == ["O06", "O04", "O04"])
        for previous in [nil, Self.recorded(key: nil), Self.recorded(key: Self.base.key &+ 1)] {
            let output = Self.base.output(reusing: previous)
            #expect(!output.reused)
            #expect(output.bytes == bytes)
            #expect(output.diagnostics == diagnostics)
            #expect(output.key == Self.base.key)
        }
    }

    /// Every field, and a path moved between groups, changes the key; the output is then rendered afresh,
    /// byte for byte what a build without a record writes.
    @Test func anyChangedInputRendersAfresh() {
        let changes: [(String, (inout DepfileInputs) -> Void)] = [
            ("target", { $0.target = "build/Other.swift" }),
            ("phony", { $0.phony = true }),
            ("added source", { $0.groups[3].append("Sources/D.swift") }),
            ("removed source", { $0.groups[3].removeLast() }),
            ("renamed source", { $0.groups[3][0] = "Sources/A2.swift" }),
            ("moved between groups", { $0.groups[1...2] = [[], ["Config/app.yml"]] }),
            ("split path", { $0.groups[4] = ["Sourcesbuild"] }),
            ("no config", { $0.groups[0] = [] }),
            ("directory", { $0.groups[4].append("Sources/New") }),
            ("written files", { $0.writtenFiles = ["build/App.d"] }),
            ("cache in a listed directory", { $0.writtenFiles[1] = "Sources/App.dicache" }),
            ("working directory", { $0.workingDirectory = "/work/other" }),
        ]
        var keys: Set<UInt64> = [Self.base.key]
        for (name, change) in changes {
            var changed = Self.base
            change(&changed)
            #expect(keys.insert(changed.key).inserted, "\(name)")
            let output = changed.output(reusing: Self.recorded(key: Self.base.key))
            #expect(!output.reused, "\(name)")
            let (bytes, diagnostics) = Self.rendered(changed)
            #expect(output.bytes == bytes, "\(name)")
            #expect(output.diagnostics == diagnostics, "\(name)")
        }
    }

    /// The paths hashed in place give the key that hashing each one with `XXH3Hasher.update(_: String)`
    /// gave (so a record written before still matches), small and large strings, empty and not ASCII
    /// among them; a path moved to another group or split differently changes it.
    @Test func theKeyHashesEachPathAsTheHasherDoes() {
        var inputs = Self.base
        let deep = String(repeating: "Deep/", count: 40) + "Z.swift"
        inputs.groups[3] += ["", "Sources/Überlänge/\u{212A}elvin.swift", deep]
        var hasher = XXH3Hasher()
        hasher.update(inputs.target)
        hasher.update(0)
        hasher.update(UInt64(inputs.groups.count))
        for group in inputs.groups {
            hasher.update(UInt64(group.count))
            for path in group { hasher.update(path) }
        }
        hasher.update(UInt64(inputs.writtenFiles.count))
        for file in inputs.writtenFiles { hasher.update(file) }
        hasher.update(inputs.workingDirectory)
        let expected = hasher.finalize()
        #expect(inputs.key == expected)
        var split = inputs
        split.groups[3][0] = "Sources/A"
        split.groups[3].insert(".swift", at: 1)
        #expect(split.key != inputs.key)
    }
}
