import Testing

@testable import DIEngine

/// `codegen.md` §10 details the positive fixture does not reach: escaping, imported registrations,
/// non-registered owners, one edge per pair.
@Suite struct GraphExportTests {
    static func graph() throws -> LinkedGraph {
        var fixture = LinkFixture(
            #"""
            final class Odd: Component {
                var qualifier: String? { "a\"b\\c" }
                init() {}
            }
            struct Screen {
                @Dependency(qualifier: "a\"b\\c") var first: Odd
                static func later() -> Odd { Inject(Odd.self) }
            }
            final class User: LazyAutowired {
                let eager = Inject(Remote.self)
                func inject(_ remote: Remote) {}
                init() {}
            }
            """#
        )
        fixture.imported = [
            ResolvedModule(
                path: "Deli.resolved", project: "Core", reference: "CoreFactory.swift",
                registrations: [
                    Registration(
                        id: RegistrationID(typeName: "Remote", qualifier: ""), kind: .imported, scope: .singleton,
                        location: nil, links: ["RemoteProtocol"],
                        dependencies: [
                            Dependency(
                                typeName: "Clock", ownerTypeName: "Remote",
                                location: SourceLocation(path: "Deli.resolved", line: 9, column: 5))
                        ])
                ])
        ]
        let run = try fixture.run()
        #expect(run.rendered == "")
        return run.graph
    }

    @Test func dotEscapesIdentifiersAndMergesEdgesPerPair() throws {
        #expect(
            GraphExport.dot(try Self.graph()) == #"""
                digraph dibuild {
                    "Odd#a\"b\\c" [label="Odd\n(a\"b\\c)"];
                    "Remote" [label="Remote"];
                    "User" [label="User"];
                    "Screen" -> "Odd#a\"b\\c";
                    "User" -> "Remote";
                }

                """#)
    }

    @Test func jsonOmitsLocationsOfImportedRegistrationsAndTheirDependencies() throws {
        let json = GraphExport.json(try Self.graph())
        #expect(
            json.contains(
                #"""
                    {
                      "id": "Remote",
                      "type": "Remote",
                      "qualifier": "",
                      "kind": "imported",
                      "scope": "singleton",
                      "links": [
                        "RemoteProtocol"
                      ]
                    },
                """#))
        #expect(
            json.contains(
                #"""
                    {
                      "owner": "Remote",
                      "type": "Clock",
                      "qualifier": "",
                      "qualifierBy": null,
                      "array": false,
                      "payload": false,
                      "eager": true,
                      "candidates": []
                    },
                """#))
        #expect(json.contains(#""id": "Odd#a\"b\\c","#))
    }
}
