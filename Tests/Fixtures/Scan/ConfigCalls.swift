final class NetworkConfiguration: Configuration {
    let session = Config(URLSession.self) { URLSession(configuration: .default) }
    let client = Config(APIClient.self, URLSession.self, qualifier: "main", scope: .prototype) { session in
        APIClient(session: session, tokens: Inject(TokenStore.self))
    }
    lazy var lazyClient = Config(LazyClient.self, scope: DIRuntime.Scope.weak, resolver: { LazyClient() })
    init() {}
}
struct Settings {
    let config = Config(name: "not DI")
    let other = Config(Other.self)
}
