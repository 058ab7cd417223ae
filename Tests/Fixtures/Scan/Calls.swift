final class Screen: Inject {
    let stored = Inject(Stored.self)
    var observed = Inject(Observed.self) { didSet { _ = Inject(DidSet.self) } }
    lazy var lazyValue = Inject(LazyValue.self)
    static let shared = Inject(Shared.self)
    let closure = { Inject(InClosure.self) }
    var computed: Computed { Inject(Computed.self) }
    @Wrapper(Inject(InAttribute.self)) var wrapped: Int
    @Wrapper(Inject(InStaticAttribute.self)) static var staticWrapped: Int
    init(_ value: Int = Inject(DefaultValue.self)) {
        let local = Inject(InInit.self)
        _ = [1].map { _ in Inject(InInitClosure.self) }
        func helper() -> Helper { Inject(Helper.self) }
        Self.Inject(SelfQualified.self)
        Screen.Inject(TypeQualified.self, qualifier: nil)
        _ = Inject([Book].self, qualifier: "Novel")
        _ = Inject(Array<Magazine>.self, with: (id: 1, name: ""), resolveRole: .x)
        _ = Inject(Inner.Nested.self, qualifierBy: "a.b")
        _ = Inject((any Logger).self)
    }
    func method() { _ = Inject(InMethod.self) }
    subscript(index: Int) -> Int { Inject(InSubscript.self) }
    deinit { _ = Inject(InDeinit.self) }
    final class NestedView: Inject {
        let value = Inject(NestedValue.self)
        let path = InjectProperty("server.url")
    }
}
let global = Inject(Global.self)
