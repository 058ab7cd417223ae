final class AppConfiguration: Configuration {
    let missing = Config(qualifier: "x") { 1 }
    let array = Config(Client.self, [Book].self) { _ in Client() }
    let qualified = Config(Client.self, qualifier: name) { Client() }
    static let shared = Config(Shared.self) { Shared() }
    var computed: Computed { Config(Computed.self) { Computed() } }
    let many = Config(
        Big.self, A.self, B.self, C.self, D.self, E.self, F.self, G.self, H.self, I.self, J.self
    ) { _, _, _, _, _, _, _, _, _, _ in Big() }
    let scoped = Config(Scoped.self, scope: .forever) { Scoped() }
    let wrapped = make(Config(Wrapped.self) { Wrapped() })
    let optional = Config(Client.self, Session?.self) { _ in Client() }
    init() {}
}
