import DIRuntime
import Testing

@Suite struct RegistrationTests {
    let context = AppContext()

    init() {
        context.load([LibraryFactory.self])
    }

    @Test func componentsAreFoundByExactKeyAndThroughLinks() {
        #expect(context.get(Encyclopedia.self)?.title == "Encyclopedia")
        #expect(context.get(HarryPotter.self, qualifier: "Novel")?.title == "Harry Potter")
        // The first entry of Book's chain, whatever its qualifier.
        #expect(context.get(Book.self)?.title == "Encyclopedia")
        // The first entry of Book's chain qualified "Novel".
        #expect(context.get(Book.self, qualifier: "Novel")?.title == "Harry Potter")
        #expect(context.get(Book.self, qualifier: "Poem") == nil)
    }

    @Test func qualifiedRegistrationIsInItsOwnTypesChain() {
        // HarryPotter is registered only as (HarryPotter, "Novel"): the exact key (HarryPotter, "") misses
        // and the automatic chain entry answers.
        #expect(context.get(HarryPotter.self)?.title == "Harry Potter")
        #expect(context.get(HarryPotter.self) === context.get(HarryPotter.self, qualifier: "Novel"))
        #expect(context.get(HarryPotter.self, qualifier: "Other") == nil)
        #expect(context.get([HarryPotter].self).count == 1)
    }

    @Test func autowiredReceivesArraysInChainOrder() throws {
        let library = try #require(context.get(LibraryService.self))
        #expect(library.novels.map(\.title) == ["Harry Potter", "Troisième humanité"])
        #expect(library.everyBook.map(\.title) == ["Encyclopedia", "Harry Potter", "Troisième humanité"])
        #expect(library.novels.first === context.get(HarryPotter.self))
    }

    @Test func qualifiersSelectAmongLinkedImplementations() {
        #expect(context.get(AccountService.self, qualifier: "mail")?.name == "mail")
        #expect(context.get(AccountService.self, qualifier: "facebook")?.name == "facebook")
        #expect(context.get(AccountService.self)?.name == "facebook")
        #expect(context.get([AccountService].self).map(\.name) == ["facebook", "mail"])
        #expect(context.get([AccountService].self, qualifier: "mail").map(\.name) == ["mail"])
    }

    @Test func autowiredFactoryCreatesFromPayloadEachTime() throws {
        let payload = FriendPayload(with: (userID: "u1", cachedName: "Ann"))
        let first = try #require(context.get(FriendInfoViewModel.self, payload: payload))
        let second = try #require(context.get(FriendInfoViewModel.self, payload: payload))
        #expect(first !== second)
        #expect(first.userID == "u1" && first.name == "Ann")
        #expect(first.account.name == "facebook")
        // A factory needs a payload; it is found by exact key only.
        #expect(context.get(FriendInfoViewModel.self) == nil)
        #expect(context.get(FriendInfoViewModel.self, qualifier: "x", payload: payload) == nil)
        #expect(context.get([FriendInfoViewModel].self, payload: payload).map(\.userID) == ["u1"])
    }

    @Test func lazyFactoryIsInjectedBeforeItIsReturned() throws {
        let chat = try #require(context.get(ChatViewModel.self, payload: RoomPayload(with: "r7")))
        #expect(chat.roomID == "r7")
        #expect(chat.service === context.get(ChatService.self))
        #expect(context.get(ChatViewModel.self, payload: RoomPayload(with: "r8")) !== chat)
    }

    @Test func configFunctionsRegisterThroughTheirConfiguration() throws {
        let session = try #require(context.get(Session.self))
        #expect(session.token == "t-1")
        #expect(session === context.get(Session.self))
        let client = try #require(context.get(APIClient.self, qualifier: "main"))
        #expect(client.session === session)
        #expect(client.server.port == 8080)
        #expect(client !== context.get(APIClient.self, qualifier: "main"))
        #expect(context.get(APIClient.self) != nil)  // through the automatic chain of APIClient
    }

    @Test func configPropertyIsBuiltFromProperties() throws {
        let server = try #require(context.get(ServerConfig.self))
        #expect(server.url == "http://x")
        #expect(server.port == 8080)
        #expect(server.method == nil)
        #expect(context.getProperty("ignored", type: ServerConfig.self)?.url == "http://x")
    }

    @Test func classNameLookupUsesRegisteredTypeNames() {
        #expect(context.get(Book.self, className: "Encyclopedia")?.title == "Encyclopedia")
        #expect(context.get(Book.self, className: "DIRuntimeTests.HarryPotter", qualifier: "Novel") != nil)
        #expect(context.get(Book.self, className: "HarryPotter") == nil)
        #expect(context.get([Book].self, className: "TroisiemeHumanite", qualifier: "Novel").count == 1)
    }
}
