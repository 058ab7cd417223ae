import DIRuntime

final class Dune: Novel, Component {
    override var title: String { "Dune" }
}
