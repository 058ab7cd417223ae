struct ServerConfig: ConfigProperty {
    let target = "server"
    let url: String
    let port: Int
    let method: String?
    var computed: Int { 1 }
    let initialised = 3
    lazy var lazyValue: Int = 4
    static let shared: Int = 5
}
struct GetterTarget: ConfigProperty {
    var target: String { "getter" }
    let a: Int
}
struct ReturnTarget: ConfigProperty {
    var target: String { return "returned" }
}
struct InterpolatedTarget: ConfigProperty {
    var target: String { "\(prefix).x" }
}
struct MissingTarget: ConfigProperty {
    let a: Int
}
