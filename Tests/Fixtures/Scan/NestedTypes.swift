enum Outer {
    struct Middle {
        final class Inner: Component {
            init() {}
        }
    }
    func make() -> Int {
        struct Local: Component {}
        return 1
    }
}

extension Outer.Middle {
    final class Sibling: Autowired {
        required init() {}
    }
}
