import DIRuntime

extension App {
    /// One line per injected fact, in a fixed order, so a test can compare the whole output.
    func report() -> String {
        let lines = [
            "banner: \(banner) (\(clock.today))",
            "library: \(library.name)",
            "novels: \(library.titles(of: library.novels))",
            "books: \(library.titles(of: library.everything))",
            "logger: \(library.logger.name)",
            "server: \(server.host):\(server.port) secure=\(server.secure) proxy=\(server.proxy ?? "none")",
            "client: \(client.baseURL)",
            "message: \(messages.greeting(for: "ada"))",
            "cycle: \(messages.users.messages === messages)",
            "friend: \(friendInfo("42").summary)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
