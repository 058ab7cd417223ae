final class Cache {}

extension Cache: Component {
    var scope: Scope { .always }
    convenience init(size: Int) { self.init() }
    typealias Key = String
}

extension Array: Inject where Element == Int {}

public extension Cache {
    func inject(_ clock: Clock) {}
}
