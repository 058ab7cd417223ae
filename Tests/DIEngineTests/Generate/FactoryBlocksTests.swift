import Testing

@testable import DIEngine

/// The factory's blocks rendered beside the resolution (`FactoryBlocks`) must give the bytes of a factory
/// rendered from the resolved graph alone, and be left out for a graph they were not made from.
@Suite struct FactoryBlocksTests {
    /// Every kind of registration, qualified and scoped ones, array and `qualifierBy` arguments, links and
    /// export links: over `Linker.backgroundWorkMinimum`, so that the link renders the blocks.
    static let sources: [String: String] = {
        var sources = [
            "Sources/Shared.swift": """
            protocol Named {}
            protocol Titled {}
            protocol Keyed { associatedtype Key }
            final class RoomPayload: Payload {
                let roomID: String
                required init(with argument: (roomID: String, title: String)) { roomID = argument.roomID }
            }
            final class Settings: Configuration {
                let client = Config(Client.self, Base0.self, qualifier: "main", scope: .prototype) { base in
                    Client()
                }
                init() {}
            }
            final class Client {}
            """
        ]
        for file in 0..<6 {
            sources["Sources/File\(file).swift"] = (0..<40).map { index in
                let name = "\(file)_\(index)"
                return """
                    final class Base\(name): Named, Component { var qualifier: String? { "q\(index % 3)" }; init() {} }
                    final class Keyed\(name): Keyed, Named, Titled, Component {
                        typealias Key = Int
                        var scope: Scope { .weak }
                        init() {}
                    }
                    final class Service\(name): Autowired {
                        required init(_ all: [Named], q1 base: Named, _/* room.id */ keyed: Keyed\(name)) {}
                    }
                    final class Worker\(name): LazyAutowired {
                        var scope: Scope { .prototype }
                        init() {}
                        func inject(_ service: Service\(name), q2 all: [Named]) {}
                    }
                    final class View\(name): AutowiredFactory {
                        required init(_ service: Service\(name), payload: RoomPayload) {}
                    }
                    final class Chat\(name): LazyAutowiredFactory {
                        typealias _Payload = RoomPayload
                        func inject(_ worker: Worker\(name)) {}
                        required init(payload: _Payload) {}
                    }
                    """
            }.joined(separator: "\n")
        }
        return sources
    }()

    static func link(_ sources: [String: String]) -> LinkedGraph {
        let files = sources.keys.sorted().map { path in
            (path, Scanner.scan(bytes: Array(sources[path]!.utf8), runtimeModule: "DIRuntime"))
        }
        return Linker.linkEveryType(
            files: files, properties: .emptyMapping, importedModules: [], runtimeModule: "DIRuntime", exportLinks: true
        ).graph
    }

    static func factory(_ graph: LinkedGraph) -> [UInt8] {
        FactoryRenderer.renderUTF8(graph, className: "F", runtimeModule: "DIRuntime", accessControl: .public)
    }

    static func withoutBlocks(_ graph: LinkedGraph) -> LinkedGraph {
        var plain = graph
        plain.factoryBlocks = PrerenderedFactory()
        return plain
    }

    @Test func blocksRenderedBesideTheResolutionGiveTheFactoryOfTheResolvedGraph() throws {
        let graph = Self.link(Self.sources)
        #expect(graph.registrations.count >= Linker.backgroundWorkMinimum)
        let blocks = try #require(graph.factoryBlocks.blocks)
        #expect(blocks.matches(graph))
        // The registrations resolution gave links to, found by name and exported, are among them.
        #expect(graph.registrations.contains { $0.links.count > 1 })
        let factory = Self.factory(graph)
        #expect(factory == Self.factory(Self.withoutBlocks(graph)))
        // Asked again (a second render of the same graph), the blocks are the same.
        #expect(Self.factory(graph) == factory)
    }

    @Test func blocksAreLeftOutForAGraphTheyWereNotMadeFrom() throws {
        let graph = Self.link(Self.sources)
        let blocks = try #require(graph.factoryBlocks.blocks)
        var fewer = graph
        fewer.registrations.removeLast()
        #expect(!blocks.matches(fewer))
        #expect(Self.factory(fewer) == Self.factory(Self.withoutBlocks(fewer)))
        var kinds = graph
        let position = try #require(kinds.registrations.firstIndex { $0.kind == .component })
        kinds.registrations[position].kind = .lazyAutowired
        #expect(!blocks.matches(kinds))
        #expect(Self.factory(kinds) == Self.factory(Self.withoutBlocks(kinds)))
        // An imported registration can give an array argument an imported candidate, which the blocks lack.
        var importing = graph
        var imported = graph.registrations[position]
        imported.kind = .imported
        imported.id.typeName = "Named"
        importing.importedRegistrations = [imported]
        #expect(!blocks.matches(importing))
    }

    @Test func noBlocksWhenAnArrayArgumentHasAnImportedCandidate() {
        let dependency = Dependency(
            typeName: "Named", isArray: true, ownerTypeName: "Service",
            location: SourceLocation(path: "S.swift", line: 1, column: 1))
        var registration = Registration(
            id: RegistrationID(typeName: "Service", qualifier: ""), kind: .autowired, scope: .singleton,
            constructorArguments: [DependencyArgument(label: nil, dependency: dependency)])
        let registrations = [registration]
        func blocks(_ registrations: [Registration]) -> FactoryBlocks? {
            registrations.withUnsafeBufferPointer { buffer in
                FactoryBlocks.render(count: buffer.count) { index, body in body(buffer.baseAddress! + index) }
            }
        }
        #expect(blocks(registrations)?.ends.count == 1)
        registration.constructorArguments[0].dependency.hasImportedCandidate = true
        #expect(blocks([registration]) == nil)
    }
}
