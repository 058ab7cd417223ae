import DIRuntime

protocol Clock {
    var today: String { get }
}

/// A fixed date keeps the example's output reproducible.
struct FixedClock: Clock, Component {
    let today = "2026-01-01"

    init() {}
}
