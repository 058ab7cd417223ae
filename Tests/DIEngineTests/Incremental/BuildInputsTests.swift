import Testing

@testable import DIEngine

/// The settings part of the inputs digest: hashed field by field, it must still see every setting.
@Suite struct BuildInputsTests {
    static let base = TargetSettings(
        name: "App", configPath: "deli.yml", configDirectory: ".",
        include: [
            PathEntry(text: "Sources", base: ".", location: SourceLocation(path: "deli.yml", line: 3, column: 5))
        ],
        className: "AppFactory", outputPath: "Sources/AppFactory.swift", outputReference: "AppFactory.swift")

    static func digest(_ settings: TargetSettings) -> UInt64 {
        var hasher = XXH3Hasher()
        hasher.update(settings)
        return hasher.finalize()
    }

    /// One change per stored property of `TargetSettings`, so that a new setting without its line in
    /// `XXH3Hasher.update(_: TargetSettings)` fails the count below.
    static let changes: [(String, @Sendable (inout TargetSettings) -> Void)] = [
        ("name", { $0.name = "Other" }),
        ("configPath", { $0.configPath = nil }),
        ("configDirectory", { $0.configDirectory = "App" }),
        ("include", { $0.include[0].location?.position.column = 6 }),
        ("exclude", { $0.exclude = [PathEntry(text: "Sources", base: ".")] }),
        ("className", { $0.className = "OtherFactory" }),
        ("outputPath", { $0.outputPath = "Sources/Other.swift" }),
        ("outputArgument", { $0.outputArgument = "Sources/AppFactory.swift" }),
        ("properties", { $0.properties = [PathEntry(text: "p.yml", base: "")] }),
        ("resolvedOutputPath", { $0.resolvedOutputPath = "Other.resolved" }),
        ("generateResolved", { $0.generateResolved = false }),
        ("providesResolvedFile", { $0.providesResolvedFile = false }),
        ("outputReference", { $0.outputReference = "Other.swift" }),
        (
            "dependencies",
            { $0.dependencies = [ModuleDependencySetting(path: PathEntry(text: "x", base: ""), imports: ["M"])] }
        ),
        ("accessControl", { $0.accessControl = .internal }),
        ("runtimeModule", { $0.runtimeModule = "Runtime" }),
        ("cacheDirectory", { $0.cacheDirectory = ".cache" }),
        ("depfilePath", { $0.depfilePath = "" }),
    ]

    @Test func everySettingIsCovered() {
        #expect(Mirror(reflecting: Self.base).children.count == Self.changes.count)
        let labels = Set(Mirror(reflecting: Self.base).children.compactMap(\.label))
        #expect(labels == Set(Self.changes.map(\.0)))
    }

    @Test func eachSettingChangesTheDigest() {
        var digests: Set<UInt64> = [Self.digest(Self.base)]
        for (name, change) in Self.changes {
            var changed = Self.base
            change(&changed)
            #expect(digests.insert(Self.digest(changed)).inserted, "\(name)")
        }
        #expect(Self.digest(Self.base) == Self.digest(Self.base))
    }

    @Test func neighbouringFieldsDoNotRunTogether() {
        var split = Self.base
        split.dependencies = [
            ModuleDependencySetting(path: PathEntry(text: "a", base: ""), imports: ["B"]),
            ModuleDependencySetting(path: PathEntry(text: "C", base: ""), imports: []),
        ]
        var joined = split
        joined.dependencies[0].imports = []
        joined.dependencies[1].imports = ["B"]
        #expect(Self.digest(split) != Self.digest(joined))
    }
}
