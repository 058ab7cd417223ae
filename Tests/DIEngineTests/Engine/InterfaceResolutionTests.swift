import TestSupport
import Testing

@testable import DIEngine

/// `SourceLookup.resolveInterfaces` (the front of a relink) against `resolve` (whole facts): same sources and
/// diagnostics, and inputs whose interface-only facts, digests and detail are those of the whole facts.
@Suite struct InterfaceResolutionTests {
    static let component = """
        import DIRuntime

        protocol Greeter {}
        final class Hello: Greeter, Component {
            let name = "hello"
        }
        extension Hello {
            typealias Alias = Hello
        }

        """

    /// A project with a DI file, a plain one, a dibuild-generated one and one that is not UTF-8.
    static func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("deli.yml", "target: [App]\nconfig:\n  App:\n    include: [Sources]\n")
        try directory.write("Sources/A.swift", component)
        try directory.write("Sources/B.swift", "struct Plain { var value: Int }\nextension Plain: Equatable {}\n")
        try directory.write("Sources/C.swift", GeneratedMarker.header + "\nstruct Generated {}\n")
        try directory.write("Sources/D.swift", bytes: [0x73, 0x74, 0xFF, 0xFE, 0x0A])
        return directory
    }

    static func lookup(in directory: TemporaryDirectory) throws -> SourceLookup {
        let (targets, diagnostics) = ConfigLoader.resolveTargets(
            ConfigOverrides(configPath: directory.path + "/deli.yml"), currentDirectory: directory.path)
        #expect(diagnostics.isEmpty)
        let settings = try #require(targets.first)
        let inventory = InventoryBuilder.build(
            for: settings, currentDirectory: directory.path, skippingGeneratedFiles: false)
        var progress = ProgressLog(enabled: false)
        return SourceLookup.start(
            InputCollection.Target(settings: settings, inventory: inventory), mode: .readWrite, progress: &progress)
    }

    @Test func interfacesAgreeWithWholeFactsScannedAndCached() throws {
        let directory = try Self.project()
        for run in ["scanned", "cached"] {
            var progress = ProgressLog(enabled: false)
            var interfaceLookup = try Self.lookup(in: directory)
            var wholeLookup = interfaceLookup
            let whole = wholeLookup.resolve(progress: &progress)
            let resolved = interfaceLookup.resolveInterfaces(progress: &progress)
            let (sources, inputs) = try #require(resolved.map { ($0.sources, $0.inputs) })
            #expect(sources.target.inventory.sources == whole.target.inventory.sources, "\(run)")
            #expect(sources.target.inventory.sources.count == 3, "\(run): the generated file left out")
            #expect(sources.diagnostics.map(\.code) == whole.diagnostics.map(\.code), "\(run)")
            #expect(sources.diagnostics.map(\.message) == whole.diagnostics.map(\.message), "\(run)")
            #expect(whole.diagnostics.map(\.code) == ["I13"], "\(run): D.swift is not UTF-8")
            #expect(sources.files.isEmpty, "\(run): the link takes its facts from the inputs")
            #expect(inputs.map(\.path) == whole.files.map(\.path), "\(run)")
            for (input, file) in zip(inputs, whole.files) {
                let blob = FactsCodec.encode(file.facts)[...]
                let interface = try FactsCodec.interfaceBytes(of: blob)
                #expect(input.factsDigest == Fingerprint.xxh3(blob), "\(run) \(file.path)")
                #expect(input.interfaceDigest == Fingerprint.xxh3(interface), "\(run) \(file.path)")
                #expect(input.mayRegisterOrDepend == file.facts.mayRegisterOrDepend, "\(run) \(file.path)")
                if let detail = input.detail {
                    #expect(run == "cached")
                    #expect(input.facts == (try FactsReader.readInterface(blob)), "\(file.path)")
                    #expect(detail.load() == file.facts, "\(file.path)")
                } else {
                    #expect(run == "scanned", "a file scanned by this run is linked from its whole facts")
                    #expect(input.facts == file.facts, "\(file.path)")
                }
            }
            #expect(inputs.contains { $0.mayRegisterOrDepend } && inputs.contains { !$0.mayRegisterOrDepend })
            _ = interfaceLookup.saveCache(progress: &progress)
        }
    }
}
