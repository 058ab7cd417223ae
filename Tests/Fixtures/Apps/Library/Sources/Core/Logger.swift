import DIRuntime

protocol Logger: AnyObject {
    var name: String { get }
}

final class ConsoleLogger: Logger, Component {
    var qualifier: String? { "console" }
    let name = "console"

    init() {}
}

final class MemoryLogger: Logger, Component {
    var qualifier: String? { "memory" }
    let name = "memory"

    init() {}
}
