import DIRuntime

final class HTTPClient {
    let baseURL: String
    let cache: Cache

    init(baseURL: String, cache: Cache) {
        self.baseURL = baseURL
        self.cache = cache
    }
}

final class Session {
    let id: String

    init(id: String) {
        self.id = id
    }
}

extension Network {
    final class Configuration: DIRuntime.Configuration {
        let client = Config(HTTPClient.self, ServerConfig.self) { server in
            HTTPClient(
                baseURL: "\(server.secure ? "https" : "http")://\(server.host):\(server.port)",
                cache: Inject(Cache.self))
        }
        let session = Config(Session.self, qualifier: "main", scope: .prototype) {
            Session(id: "session-\(Network.nextSessionNumber())")
        }

        init() {}
    }
}

enum Network {
    nonisolated(unsafe) static var sessions = 0

    static func nextSessionNumber() -> Int {
        sessions += 1
        return sessions
    }
}
