import DIRuntime

struct ServerConfig: ConfigProperty {
    let target = "server"
    let host: String
    let port: Int
    let secure: Bool
    let proxy: String?
}
