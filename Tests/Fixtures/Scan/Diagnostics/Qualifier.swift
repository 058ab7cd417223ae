final class Bad: Component {
    var qualifier: String { "a" + "b" }
}
class Base {
    var qualifier: String? { name }
}
final class Named {
    var qualifier: Int { 3 }
}
final class Interpolated: Component {
    let qualifier = "q\(1)"
}
