struct SettingsScreen {
    @Dependency var session: SessionService
    @Dependency(qualifierBy: "logger.storage") var logger: Logger
    @DependencyArray(qualifier: "Novel") var novels: [Book]
    @PropertyValue("server.url") var serverURL: String
    @MainActor @Dependency(qualifier: nil) static var shared: Shared
    @Dependency(qualifier: "q", resolveRole: .x) var qualified: any Qualified
    @DependencyX var notAWrapper: Service
}
