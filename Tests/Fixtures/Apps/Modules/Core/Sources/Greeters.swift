import DIRuntime

public protocol Greeter {
    func greet(_ name: String) -> String
}

public final class EnglishGreeter: Greeter, Component {
    public var qualifier: String? { "en" }
    let punctuation = InjectProperty("greeting.punctuation")

    public init() {}

    public func greet(_ name: String) -> String { "Hello, \(name)\(punctuation)" }
}

public final class FrenchGreeter: Greeter, Component {
    public var qualifier: String? { "fr" }

    public init() {}

    public func greet(_ name: String) -> String { "Bonjour, \(name) !" }
}
