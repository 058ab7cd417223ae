final class Bad: Component {
    var scope: Scope { .sometimes }
}
final class Computed: Component {
    var scope: Scope {
        let value = Scope.prototype
        return value
    }
}
struct NotDI {
    var scope: Scope { .never }
}
final class Plain {
    let scope = "read"
}
struct Weak: Component {
    var scope: Scope { .weak }
}
final class WeakClass: Component {
    var scope: Scope { .weak }
}
extension Weak {
    var other: Int { 1 }
}
