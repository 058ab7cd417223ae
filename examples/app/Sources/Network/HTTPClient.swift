/// Registered by `NetworkConfiguration`, not by itself.
final class HTTPClient {
    let baseURL: String

    init(baseURL: String) {
        self.baseURL = baseURL
    }
}
