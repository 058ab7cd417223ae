final class Before: Component {
    init() {}
}

final class Broken: Autowired {
    required init(_ a: A {
    }
    let = 3
}

final class After: Component {
    let value = Inject(Value.self)
}
