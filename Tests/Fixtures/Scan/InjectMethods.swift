final class Lazy: LazyAutowired {
    func inject(facebook messages: MessageService) {}
    private func inject(_ x: X) {}
    func inject<T>(_ t: T) {}
    func inject(_ y: Y) throws {}
    func inject(_ z: Z) async {}
    static func inject(_ s: S) {}
    func injected(_ n: N) {}
    required init() {}
}
struct Plugin: LazyAutowired {
    mutating func inject(_ auth: AuthService) {}
    init() {}
}
struct NotDI {
    mutating func inject(_ anything: Anything) {}
}
