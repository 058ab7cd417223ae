import DIRuntime
import Testing

@Suite struct DeliCompatibilityTests {
    @Test func payloadTypesAreInferredFromInitialisers() {
        #expect(Readme.FriendInfoViewModel.RawPayload.self == Readme.FriendPayload.self)
        #expect(Readme.FriendInfoViewModel._Payload.self == Readme.FriendPayload.self)
        #expect(Readme.LazyFriendInfoViewModel.RawPayload.self == Readme.TestPayload.self)
        #expect(Readme.FriendPayload.Tuple.self == (userID: String, cachedName: String).self)
    }

    @Test func scopeAndQualifierDefaultsAndOverrides() {
        #expect(Readme.UserServiceImpl().scope == .singleton)
        #expect(Readme.UserServiceImpl().qualifier == nil)
        #expect(Readme.AuthPlugin().scope == .weak)
        // Novel's `qualifier: String` has another type than the requirement, which keeps its default.
        #expect((Readme.HarryPotter() as any Component).qualifier == nil)
        #expect(Readme.LoginViewModel.Dep1.self == Void.self)
    }

    @Test func readmeFactoryResolves() throws {
        let delegate = Readme.AppDelegate()
        #expect(delegate.application())
        let viewModel = try #require(delegate.context.get(Readme.LoginViewModel.self))
        #expect(viewModel.userService is Readme.UserServiceImpl)
        let library = try #require(delegate.context.get(Readme.LibraryService.self))
        #expect(library.books.map(\.name) == ["Harry Potter"])
    }
}
