/// Names with a fixed meaning for the link stage.
enum LinkNames {
    /// Registration protocols in a fixed order, with the kind each one registers.
    static let registrationKinds: [String: RegistrationKind] = [
        "Component": .component, "Autowired": .autowired, "LazyAutowired": .lazyAutowired,
        "AutowiredFactory": .factory, "LazyAutowiredFactory": .lazyFactory, "Configuration": .configuration,
        "ConfigProperty": .configProperty,
    ]

    /// Types listing (or inheriting) one of these can call `Inject(...)`.
    static let injectCapable: Set<String> = [
        "Inject", "Component", "Autowired", "LazyAutowired", "AutowiredFactory", "LazyAutowiredFactory", "Factory",
        "Configuration",
    ]

    /// Supertypes that never get an export link besides the DI protocols.
    static let notExported: Set<String> = [
        "Any", "AnyObject", "Sendable", "NSObject", "NSObjectProtocol", "Equatable", "Hashable", "Comparable",
        "Identifiable", "CaseIterable", "RawRepresentable", "Codable", "Encodable", "Decodable", "Error",
        "CustomStringConvertible", "CustomDebugStringConvertible",
    ]
}
