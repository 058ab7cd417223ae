import Testing

@testable import DIEngine

/// `annotations.md` §3: lexical lookup, typealias expansion and legacy aliases, and the attribution of
/// `Inject(...)` calls to the innermost Inject-capable type (§10).
@Suite struct NameResolutionTests {
    @Test func memberAliasAndNestedTypesResolveLexically() throws {
        let run = try LinkFixture(
            """
            final class FileBackend: Component { init() {} }
            struct Storage {
                typealias Backend = FileBackend
                final class FileBackend: Component { init() {} }
                final class Reader: Autowired {
                    required init(_ backend: Backend, _ outer: Storage.FileBackend) {}
                }
            }
            """
        ).run()
        #expect(run.rendered == "")
        let reader = try #require(run.registration("Storage.Reader"))
        #expect(
            reader.constructorArguments.map(\.dependency.typeName) == ["Storage.FileBackend", "Storage.FileBackend"])
        #expect(
            run.graph.registrations.map(\.id.description) == ["FileBackend", "Storage.FileBackend", "Storage.Reader"])
    }

    @Test func legacyAliasesAreLookedUpInTheOwningTypeOnly() throws {
        let run = try LinkFixture([
            (
                "Message.swift",
                """
                protocol FriendService {}
                typealias Dep2 = FriendService
                final class MessageServiceImpl: Autowired {
                    typealias Dep1 = FriendService
                    required init(_ friends: Dep1, _ more: MessageServiceImpl.Dep1, _ other: Dep2) {}
                }
                """
            ),
            (
                "Friend.swift",
                """
                final class FriendServiceImpl: FriendService, Component { init() {} }
                final class Room: AutowiredFactory {
                    required init(_ friends: Self.Dep3, payload: _Payload) {}
                }
                extension Room {
                    typealias _Payload = RoomPayload
                    typealias Dep3 = FriendService
                }
                final class RoomPayload: Payload { required init(with argument: (id: Int, name: String)) {} }
                """
            ),
        ]).run()
        #expect(
            run.rendered == """
                Message.swift:5:69: error: cannot find 'typealias Dep2' in 'MessageServiceImpl'

                """)
        let room = try #require(run.registration("Room"))
        #expect(room.constructorArguments.map(\.dependency.typeName) == ["FriendService"])
        #expect(room.payloadType == "RoomPayload")
    }

    @Test func fileLevelAliasesExpandRepeatedlyAndGenericAliasesStay() throws {
        let run = try LinkFixture([
            (
                "Aliases.swift",
                """
                typealias Store = Persistence
                typealias Persistence = Database.Engine
                typealias Books = [Book]
                typealias Boxed<T> = Box<T>
                """
            ),
            (
                "Types.swift",
                """
                protocol Book {}
                enum Database {
                    final class Engine: Component { init() {} }
                }
                final class Novel: Book, Component { init() {} }
                final class Shelf: Autowired {
                    required init(_ store: Store, _ books: Books) {}
                }
                final class Holder: Inject {
                    let box = Inject(Boxed<Int>.self)
                    init() {}
                }
                """
            ),
        ]).run()
        let shelf = try #require(run.registration("Shelf"))
        #expect(shelf.constructorArguments.map(\.dependency.typeName) == ["Database.Engine", "Book"])
        #expect(shelf.constructorArguments.map(\.dependency.isArray) == [false, true])
        #expect(run.graph.unownedDependencies.map(\.typeName) == ["Boxed<Int>"])
        #expect(run.codes == ["L01"])
    }

    @Test func extensionsMergeIntoTheirTypeAcrossFilesAndThroughAliases() throws {
        let run = try LinkFixture([
            ("A.swift", "final class Cache {}\ntypealias Memory = Cache\nfinal class Clock: Component { init() {} }"),
            ("B.swift", "extension Memory: Component {\n    var scope: Scope { .prototype }\n}"),
            ("C.swift", "extension Cache { func clear() {} }\nextension URLSession: Autowired {}"),
            ("D.swift", "extension URLSession { convenience init(_ clock: Clock) { self.init() } }"),
        ]).run()
        #expect(run.rendered == "")
        #expect(run.registration("Cache")?.scope == .prototype)
        #expect(run.registration("Cache")?.location == SourceLocation(path: "A.swift", line: 1, column: 13))
        let session = try #require(run.registration("URLSession"))
        #expect(session.constructorArguments.map(\.dependency.typeName) == ["Clock"])
        #expect(session.location == SourceLocation(path: "C.swift", line: 2, column: 11))
    }

    @Test func injectCallsBelongToTheInnermostInjectCapableType() throws {
        let run = try LinkFixture(
            """
            final class Service: Component { init() {} }
            final class Screen: Inject {
                struct Row {
                    let service = Inject(Service.self)
                    @Dependency var wrapped: Service
                }
                let eager = Inject(Service.self)
                init() {}
            }
            struct Plain {
                let ignored = Inject(Service.self)
            }
            """
        ).run()
        #expect(run.rendered == "")
        let owners = run.graph.unownedDependencies.map { "\($0.ownerTypeName) \($0.location.line) \($0.isEager)" }
        #expect(owners == ["Screen 4 false", "Screen.Row 5 true", "Screen 7 true"])
        #expect(run.links == ["Service: "])
    }

    @Test func scopeAndQualifierAreInheritedFromSuperclassesAndProtocolExtensions() throws {
        let run = try LinkFixture([
            (
                "Books.swift",
                """
                protocol Book {}
                extension Book { var scope: Scope { .prototype } }
                class Novel: Book { var qualifier: String? { "Novel" } }
                class Fantasy: Novel {}
                final class HarryPotter: Fantasy, Component {}
                final class Manual: Book, Component {
                    var qualifier: String? { nil }
                    init() {}
                }
                """
            ),
            ("More.swift", "extension Fantasy { var scope: Scope { .weak } }"),
        ]).run()
        #expect(run.rendered == "")
        #expect(run.registration("HarryPotter#Novel")?.scope == .weak)
        #expect(run.registration("Manual")?.scope == .prototype)
    }
}
