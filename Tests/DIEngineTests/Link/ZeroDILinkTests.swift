import Foundation
import TestSupport
import Testing

@testable import DIEngine

/// A project without DI declarations links without building the type table (`Linker.linkWithoutDI`); the
/// result must be the general path's.
@Suite struct ZeroDILinkTests {
    static let plainSources = [
        "Sources/Shapes.swift": """
        import Foundation
        protocol Shape { var area: Double { get } }
        typealias Area = Double
        final class Square: Shape { let side: Double; init(side: Double) { self.side = side }; var area: Area { side * side } }
        extension Square: CustomStringConvertible { var description: String { "square" } }
        struct Box<T> { var value: T; init(_ value: T) { self.value = value } }
        """,
        "Sources/Broken.swift": "class Broken: Shape { init( }\n",
        "Sources/Empty.swift": "",
    ]

    static func facts(_ sources: [String: String]) -> [(path: String, facts: FileFacts)] {
        sources.keys.sorted().map { path in
            (path, Scanner.scan(bytes: Array(sources[path]!.utf8), runtimeModule: "DIRuntime"))
        }
    }

    @Test func plainSourcesTakeTheFastPathWithTheGeneralPathsResult() throws {
        let files = Self.facts(Self.plainSources)
        #expect(!files.contains { $0.facts.mayRegisterOrDepend })
        let directory = try TemporaryDirectory()
        try directory.write("Core/Deli.resolved", ResolvedModuleTests.coreFile)
        let module = try #require(
            ResolvedFileReader.read(path: "Core", imports: ["Core"], currentDirectory: directory.path).module)
        for exportLinks in [false, true] {
            let fast = Linker.linkWithoutDI(
                files: files, properties: .emptyMapping, importedModules: [module], runtimeModule: "DIRuntime",
                exportLinks: exportLinks)
            let general = Linker.linkEveryType(
                files: files, properties: .emptyMapping, importedModules: [module], runtimeModule: "DIRuntime",
                exportLinks: exportLinks)
            #expect(fast.graph == general.graph)
            #expect(fast.diagnostics == general.diagnostics)
            #expect(!fast.diagnostics.isEmpty)
            #expect(Validator.validate(fast.graph) == Validator.validate(general.graph))
        }
    }

    @Test func anyDIFactTakesTheGeneralPath() {
        let cases = [
            "final class A: Component { init() {} }",
            "final class A { let b = Inject(B.self) }",
            "final class A { let url = InjectProperty(\"server.url\") }",
            "final class A { @Dependency var b: B }",
            "final class A: Configuration { let b = Config(B.self) { B() } }",
            "struct A: ConfigProperty { let target = \"x\" }",
        ]
        for source in cases {
            let facts = Scanner.scan(bytes: Array(source.utf8), runtimeModule: "DIRuntime")
            #expect(facts.mayRegisterOrDepend, "\(source)")
        }
    }
}
