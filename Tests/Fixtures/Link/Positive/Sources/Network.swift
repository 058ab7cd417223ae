import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class TokenStore: Component {
    var scope: Scope { .weak }
    init() {}
}

final class APIClient {
    init(session: URLSession, tokens: TokenStore) {}
}

final class NetworkConfiguration: Configuration {
    let session = Config(URLSession.self) { URLSession(configuration: .default) }
    let client = Config(APIClient.self, URLSession.self, qualifier: "main", scope: .prototype) { session in
        APIClient(session: session, tokens: Inject(TokenStore.self))
    }
    init() {}
}
