import DIRuntime

extension Cache: Component {
    var scope: Scope { .prototype }

    init() {
        self.init(capacity: 8)
    }
}
