import DIRuntime

final class Dune: Novel, Component {
    override var title: String { "Dune" }
}

final class Emma: Novel, Component {
    override var title: String { "Emma" }
}
