import DIRuntime

final class Emma: Novel, Component {
    override var title: String { "Emma" }
}
