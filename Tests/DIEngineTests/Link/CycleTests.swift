import Testing

@testable import DIEngine

/// `Y01` (`diagnostics.md` §5).
@Suite struct CycleTests {
    @Test func directCycle() throws {
        let run = try LinkFixture(
            """
            final class A: Autowired { required init(_ b: B) {} }
            final class B: Autowired { required init(_ a: A) {} }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: circular dependency: A -> B -> A
                App.swift:1:42: note: 'A' depends on 'B' here
                App.swift:2:42: note: 'B' depends on 'A' here

                """)
    }

    @Test func selfDependency() throws {
        let run = try LinkFixture("final class A: Autowired { required init(_ a: A) {} }").run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: circular dependency: A -> A
                App.swift:1:42: note: 'A' depends on 'A' here

                """)
    }

    @Test func longCycleAcrossFilesReportsTheShortestPathThroughTheFirstRegistration() throws {
        // A -> B -> C -> D -> A, plus a shortcut C -> A: the reported cycle is A -> B -> C -> A.
        let run = try LinkFixture([
            ("A.swift", "final class A: Autowired { required init(_ b: B) {} }"),
            ("B.swift", "final class B: Autowired { required init(_ c: C) {} }"),
            ("C.swift", "final class C: Autowired { required init(_ d: D, _ a: A) {} }"),
            ("D.swift", "final class D: Autowired { required init(_ a: A) {} }"),
        ]).run()
        #expect(
            run.rendered == """
                A.swift:1:13: error: circular dependency: A -> B -> C -> A
                A.swift:1:42: note: 'A' depends on 'B' here
                B.swift:1:42: note: 'B' depends on 'C' here
                C.swift:1:50: note: 'C' depends on 'A' here

                """)
    }

    @Test func cycleThroughInjectCallsAndPropertyWrappers() throws {
        let run = try LinkFixture(
            """
            final class Session: Component {
                let store = Inject(Store.self)
                init() {}
            }
            final class Store: Component {
                @Dependency var session: Session
                init() {}
            }
            final class Later: Component {
                func store() -> Store { Inject(Store.self) }
                let session = Inject(Session.self)
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: circular dependency: Session -> Store -> Session
                App.swift:2:17: note: 'Session' depends on 'Store' here
                App.swift:6:5: note: 'Store' depends on 'Session' here

                """)
    }

    @Test func lazySingletonBreaksTheCycle() throws {
        let run = try LinkFixture(
            """
            final class A: LazyAutowired {
                func inject(_ b: B) {}
                required init() {}
            }
            final class B: Autowired { required init(_ a: A) {} }
            """
        ).run()
        #expect(run.rendered == "")
    }

    @Test func lazyPrototypeDoesNotBreakTheCycle() throws {
        let run = try LinkFixture(
            """
            final class A: LazyAutowired {
                var scope: Scope { .prototype }
                func inject(_ b: B) {}
                required init() {}
            }
            final class B: Autowired { required init(_ a: A) {} }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: circular dependency: A -> B -> A
                App.swift:3:17: note: 'A' depends on 'B' here
                App.swift:1:13: note: 'A' is lazy but prototype-scoped, so lazy injection cannot break the cycle
                App.swift:6:42: note: 'B' depends on 'A' here

                """)
    }

    @Test func lazyFactoryDoesNotBreakTheCycle() throws {
        let run = try LinkFixture(
            """
            final class Chat: LazyAutowiredFactory {
                func inject(_ room: Room) {}
                required init(payload: Int) {}
            }
            final class Room: Component {
                let chat = Inject(Chat.self, with: 1)
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: circular dependency: Chat -> Room -> Chat
                App.swift:2:17: note: 'Chat' depends on 'Room' here
                App.swift:1:13: note: 'Chat' is lazy but prototype-scoped, so lazy injection cannot break the cycle
                App.swift:6:16: note: 'Room' depends on 'Chat' here

                """)
    }

    @Test func twoRegistrationsOfTheSameTypeFormACycle() throws {
        let run = try LinkFixture(
            """
            final class Node {
                init(next: Node?) {}
            }
            final class Graph: Configuration {
                let first = Config(Node.self, qualifier: "a") { Node(next: Inject(Node.self, qualifier: "b")) }
                let second = Config(Node.self, qualifier: "b") { Node(next: Inject(Node.self, qualifier: "a")) }
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:5:17: error: circular dependency: Node(qualifier: "a") -> Node(qualifier: "b") -> Node(qualifier: "a")
                App.swift:5:64: note: 'Node(qualifier: "a")' depends on 'Node(qualifier: "b")' here
                App.swift:6:65: note: 'Node(qualifier: "b")' depends on 'Node(qualifier: "a")' here

                """)
    }

    @Test func configRegistrationDependsOnItsConfiguration() throws {
        let run = try LinkFixture(
            """
            final class Client {}
            final class Network: Configuration {
                let client = Config(Client.self) { Client() }
                let loop = Inject(Client.self)
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:3:18: error: circular dependency: Client -> Network -> Client
                App.swift:3:18: note: 'Client' depends on 'Network' here
                App.swift:4:16: note: 'Network' depends on 'Client' here

                """)
    }

    @Test func deferredInjectCallsAreNotEdges() throws {
        let run = try LinkFixture(
            """
            final class A: Autowired {
                required init(_ b: B) {}
            }
            final class B: Component {
                lazy var a = Inject(A.self)
                static let shared = Inject(A.self)
                var computed: A { Inject(A.self) }
                let closure: () -> A = { Inject(A.self) }
                init() {}
            }
            """
        ).run()
        #expect(run.rendered == "")
    }

    @Test func longChainsDoNotExhaustTheStack() throws {
        let count = 2000
        var source = "final class T0: Autowired { required init(_ next: T\(count - 1)) {} }\n"
        for index in 1..<count {
            source += "final class T\(index): Autowired { required init(_ next: T\(index - 1)) {} }\n"
        }
        let run = try LinkFixture(source).run()
        let cycle = try #require(run.diagnostics.first { $0.code == "Y01" })
        #expect(cycle.notes.count == count)
        #expect(run.codes == ["Y01"])
    }
}

/// The components found over flat successor lists against mutual reachability.
@Suite struct StronglyConnectedComponentsTests {
    @Test func componentsAreTheSetsOfMutuallyReachableNodes() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<300 {
            let count = Int.random(in: 1...12, using: &generator)
            let successors = (0..<count).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: 0..<count, using: &generator) }
            }
            var reaches = (0..<count).map { node in (0..<count).map { $0 == node } }
            for _ in 0..<count {
                for node in 0..<count {
                    for successor in successors[node] {
                        for other in 0..<count where reaches[successor][other] { reaches[node][other] = true }
                    }
                }
            }
            let targets = successors.flatMap { $0.map(Int32.init) }
            var ends: [Int32] = []
            for list in successors { ends.append((ends.last ?? 0) + Int32(list.count)) }
            var components: [Set<Int>] = []
            StronglyConnectedComponents.forEach(targets: targets, ends: ends) { components.append(Set($0)) }
            #expect(components.reduce(0) { $0 + $1.count } == count)
            for component in components {
                let first = component.min()!
                #expect(component == Set((0..<count).filter { reaches[first][$0] && reaches[$0][first] }))
            }
        }
    }
}
