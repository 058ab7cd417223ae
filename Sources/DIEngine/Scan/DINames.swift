/// The DI vocabulary the scanner recognises, with module-qualified spellings.
struct DINames {
    /// Every DI protocol name; module prefixes are stripped from these in inheritance clauses.
    static let protocols: Set<String> = [
        "Component", "Autowired", "LazyAutowired", "AutowiredFactory", "LazyAutowiredFactory", "Configuration",
        "ConfigProperty", "Inject", "Factory", "Payload",
    ]
    /// Protocols that make a type a registration.
    static let registrationProtocols: Set<String> = [
        "Component", "Autowired", "LazyAutowired", "AutowiredFactory", "LazyAutowiredFactory", "Configuration",
        "ConfigProperty",
    ]
    static let lazyProtocols: Set<String> = ["LazyAutowired", "LazyAutowiredFactory"]
    static let configuration = "Configuration"

    private let modulePrefixes: [String]

    init(runtimeModule: String) {
        var prefixes = ["DIRuntime.", "Deli."]
        if !runtimeModule.isEmpty && !prefixes.contains(runtimeModule + ".") { prefixes.append(runtimeModule + ".") }
        modulePrefixes = prefixes
    }

    /// `DIRuntime.Component` → `Component`; names that are not DI names are returned unchanged.
    func unqualified(_ written: String, among names: Set<String> = DINames.protocols) -> String {
        if names.contains(written) { return written }
        for prefix in modulePrefixes where written.hasPrefix(prefix) {
            let rest = String(written.dropFirst(prefix.count))
            if names.contains(rest) { return rest }
        }
        return written
    }

    /// True for `Scope` and its module-qualified spellings.
    func isScopeType(_ written: String) -> Bool {
        unqualified(written, among: ["Scope"]) == "Scope"
    }

    func wrapperKind(_ attributeName: String) -> PropertyWrapperKind? {
        switch unqualified(attributeName, among: ["Dependency", "DependencyArray", "PropertyValue"]) {
        case "Dependency": .dependency
        case "DependencyArray": .dependencyArray
        case "PropertyValue": .propertyValue
        default: nil
        }
    }
}
