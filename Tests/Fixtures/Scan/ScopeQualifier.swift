final class Stored: Component {
    let scope: Scope = .prototype
    let qualifier = "stored"
}
final class ExplicitReturn: Component {
    var scope: Scope { return .always }
    var qualifier: String? { return nil }
}
final class ImplicitReturn: Component {
    var scope: Scope { .weak }
    var qualifier: Substring { "implicit" }
}
final class InsideGet: Component {
    var scope: Scope { get { .singleton } }
    var qualifier: String { get { return "got" } }
}
final class Ignored: Component {
    static var scope: Scope { .prototype }
    static let qualifier = "static"
}
final class Plain {
    let scope = "read write"
    var qualifier: Int { 3 }
}
