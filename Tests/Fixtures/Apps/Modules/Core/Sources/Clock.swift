import DIRuntime

public protocol Clock {
    var today: String { get }
}

/// Exported through the link `Clock`, which only the resolved file's export links provide.
public struct FixedClock: Clock, Component {
    public let today = "2026-01-01"

    public init() {}
}
