import DIRuntime

struct ServerConfig: ConfigProperty {
    let target = "server"
    let host: String
    let port: Int
    let secure: Bool
    let timeout: Int?
    let proxy: String?
    let limits: Limits

    struct Limits: ConfigProperty {
        var target: String { "server.limits" }
        let retries: Int
    }
}
