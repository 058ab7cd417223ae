import Testing

@testable import DIEngine

/// The demand-driven link rules of `codegen.md` §5, one test per row of its table, plus export links.
@Suite struct LinkRuleTests {
    @Test func exactKeyNeedsNoLink() throws {
        let run = try LinkFixture(
            """
            final class Service: Component { init() {} }
            final class Client: Autowired {
                required init(_ service: Service) {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Client: ", "Service: "])
        let dependency = try #require(run.registration("Client")?.constructorArguments.first?.dependency)
        #expect(dependency.isExactMatch)
        #expect(dependency.candidates == [RegistrationID(typeName: "Service", qualifier: "")])
    }

    @Test func labelQualifierMatchesQualifiedKeyExactly() throws {
        let run = try LinkFixture(
            """
            protocol AccountService {}
            final class FacebookAccount: AccountService, Component {
                var qualifier: String? { "facebook" }
                init() {}
            }
            final class Login: Autowired {
                required init(facebook account: FacebookAccount) {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["FacebookAccount#facebook: ", "Login: "])
        #expect(run.registration("Login")?.constructorArguments.first?.dependency.isExactMatch == true)
    }

    @Test func protocolDependencyLinksEveryImplementation() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            class BaseLogger: Logger {}
            final class FileLogger: BaseLogger, Component {
                var qualifier: String? { "file" }
                init() {}
            }
            final class ConsoleLogger: BaseLogger, Component {
                var qualifier: String? { "console" }
                init() {}
            }
            final class Audit: Autowired {
                required init(file logger: Logger, console other: BaseLogger) {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Audit: ", "ConsoleLogger#console: BaseLogger", "FileLogger#file: Logger"])
    }

    @Test func arrayDependencyLinksEveryCandidateIncludingSelfLinks() throws {
        let run = try LinkFixture(
            """
            protocol Book {}
            class Novel: Book { var qualifier: String? { "Novel" } }
            final class HarryPotter: Novel, Component {}
            final class Dune: Novel, Component {}
            final class Manual: Book, Component { init() {} }
            final class Library: Autowired {
                required init(Novel novels: [Book], _ manuals: [Manual]) {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Dune#Novel: Book", "HarryPotter#Novel: Book", "Library: ", "Manual: Manual"])
        let novels = try #require(run.registration("Library")?.constructorArguments.first?.dependency)
        #expect(!novels.isExactMatch)
        #expect(novels.candidates.map(\.description) == ["Dune#Novel", "HarryPotter#Novel"])
    }

    @Test func payloadDependencySelfLinksTheFactory() throws {
        let run = try LinkFixture(
            """
            final class FriendPayload: Payload {
                let id: String
                required init(with argument: (id: String, name: String)) { id = argument.id }
            }
            final class FriendViewModel: AutowiredFactory {
                required init(payload: FriendPayload) {}
            }
            final class FriendList: Inject {
                func open(id: String) -> FriendViewModel { Inject(FriendViewModel.self, with: (id: id, name: "")) }
                init() {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["FriendViewModel: FriendViewModel"])
        #expect(run.graph.unownedDependencies.map(\.candidates.description) == ["[FriendViewModel]"])
        #expect(run.registration("FriendViewModel")?.payloadType == "FriendPayload")
    }

    @Test func unqualifiedDependencyOnQualifiedOnlyTypeSelfLinks() throws {
        let run = try LinkFixture(
            """
            final class Session: Component {
                var qualifier: String? { "main" }
                init() {}
            }
            final class Screen: Autowired {
                required init(_ session: Session) {}
            }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Screen: ", "Session#main: Session"])
    }

    @Test func qualifierByLinksTheImplementationSelectedByTheProperty() throws {
        let run = try LinkFixture(
            """
            protocol Logger {}
            final class FileLogger: Logger, Component {
                var qualifier: String? { "file" }
                init() {}
            }
            final class ConsoleLogger: Logger, Component {
                var qualifier: String? { "console" }
                init() {}
            }
            final class Audit: Autowired {
                required init(_/* logger.storage */ logger: Logger) {}
            }
            """,
            properties: "logger:\n  storage: file\n"
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Audit: ", "ConsoleLogger#console: ", "FileLogger#file: Logger"])
        let dependency = try #require(run.registration("Audit")?.constructorArguments.first?.dependency)
        #expect(dependency.qualifierBy == "logger.storage")
        #expect(dependency.effectiveQualifier == "file")
    }

    @Test func nullQualifierByValueMeansUnqualified() throws {
        let run = try LinkFixture(
            """
            final class Store: Component { init() {} }
            final class Reader: Inject {
                let store = Inject(Store.self, qualifierBy: "store.name")
                init() {}
            }
            """,
            properties: "store:\n  name: ~\n"
        ).run()
        #expect(run.rendered == "")
        #expect(run.links == ["Store: Store"])
        #expect(run.graph.unownedDependencies.first?.effectiveQualifier == "")
    }

    @Test func exportLinksCoverSupertypesExceptExcludedOnes() throws {
        var fixture = LinkFixture(
            """
            protocol Book {}
            protocol Repository { associatedtype Item }
            protocol Shelf: Book {}
            class Novel: Shelf, Equatable {
                var qualifier: String? { "Novel" }
                static func == (a: Novel, b: Novel) -> Bool { true }
            }
            final class HarryPotter: Novel, Component, Repository, Sendable {
                typealias Item = Int
            }
            final class Box: Component, Collection<Int> { init() {} }
            """
        )
        fixture.exportLinks = true
        let run = try fixture.run()
        #expect(run.links == ["Box: ", "HarryPotter#Novel: Book, Novel, Shelf"])
    }
}
