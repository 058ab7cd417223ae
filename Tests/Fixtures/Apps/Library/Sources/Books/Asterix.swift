import DIRuntime

/// A struct component registered unqualified.
struct Asterix: Book, Component {
    let title = "Asterix"

    init() {}
}
