import DIRuntime

final class Greeter: Autowired {
    let config: GreetingConfig

    required init(_ config: GreetingConfig) {
        self.config = config
    }

    func greet(_ name: String) -> String {
        Array(repeating: "\(config.prefix), \(name)!", count: config.repeatCount).joined(separator: " ")
    }
}
