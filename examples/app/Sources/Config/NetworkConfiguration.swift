import DIRuntime

final class NetworkConfiguration: Configuration {
    let client = Config(HTTPClient.self, ServerConfig.self) { server in
        HTTPClient(baseURL: "\(server.secure ? "https" : "http")://\(server.host):\(server.port)")
    }

    init() {}
}
