import DIRuntime

final class ConsoleLogger: Logger, Component {
    var qualifier: String? { "console" }
    let name = "console"

    init() {}

    func log(_ message: String) { print("log: \(message)") }
}
