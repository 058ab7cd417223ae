import DIRuntime

final class MemoryLogger: Logger, Component {
    var qualifier: String? { "memory" }
    let name = "memory"
    private(set) var lines: [String] = []

    init() {}

    func log(_ message: String) { lines.append(message) }
}
