import DIRuntime

final class Asterix: Book, Component {
    let title = "Asterix"

    init() {}
}
