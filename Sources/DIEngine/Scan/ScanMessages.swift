/// The exact catalogue messages (`diagnostics.md` §7) of the checks the scanner performs.
enum ScanMessages {
    static func mutatingInject() -> String {
        "'inject(...)' must not be 'mutating': the injector receives a copy of the instance"
    }

    static func unsupportedScope(_ text: String, of type: String) -> String {
        "unsupported scope '\(text)' for '\(type)'; expected .always, .singleton, .prototype or .weak"
    }

    static func invalidQualifier(of type: String) -> String {
        "the qualifier of '\(type)' must be a string literal or nil"
    }

    static func weakStruct(_ type: String) -> String { "'\(type)' is a struct and cannot use the '.weak' scope" }

    static let configNeedsType = "'Config' needs the registered type as its first argument ('T.self')"

    static func configArrayDependency(_ element: String) -> String {
        "'Config' does not support array dependencies; use 'Inject([\(element)].self)' inside the resolver"
    }

    static let configQualifierLiteral = "the 'qualifier' of 'Config' must be a string literal"

    static func misplacedConfig(in type: String) -> String {
        "'Config(...)' must be the whole initial value of a stored instance property of '\(type)'"
    }

    static let configTooManyDependencies = "'Config' supports at most 9 dependencies"
    static let injectNeedsType = "'Inject' needs a type argument such as 'T.self' or '[T].self'"
    static let qualifierLiteral = "'qualifier' must be a string literal or nil"
    static let qualifierByLiteral = "'qualifierBy' must be a string literal property path"
    static let qualifierAndQualifierBy = "'qualifier' and 'qualifierBy' cannot be combined"
    static let injectPropertyLiteral = "'InjectProperty' needs a string literal property path"
    static let propertyValueLiteral = "'@PropertyValue' needs a string literal property path"

    static func wrapperNeedsType(property: String, wrapper: String) -> String {
        "property '\(property)' with '@\(wrapper)' needs a type annotation"
    }

    static func useDependencyArray(_ element: String) -> String {
        "use '@DependencyArray' for array type '[\(element)]'"
    }

    static func dependencyArrayNeedsArray(property: String, type: String) -> String {
        "'@DependencyArray' needs an array type; '\(property)' has type '\(type)'"
    }

    static func privateType(_ type: String, _ reason: String) -> String {
        "'\(type)' is \(reason); DI types must be internal or more visible"
    }

    static func genericType(_ type: String) -> String { "generic type '\(type)' cannot be registered" }

    static func conditionalConformance(_ type: String, to protocolName: String) -> String {
        "conditional conformance of '\(type)' to '\(protocolName)' cannot be registered"
    }

    static func protocolRegistration(_ type: String, _ protocolName: String) -> String {
        "protocol '\(type)' cannot be registered; make a class or struct conform to '\(protocolName)'"
    }

    static func kindRegistration(_ kind: DeclarationKind, _ type: String) -> String {
        "\(kind.rawValue) '\(type)' cannot be registered; only classes and structs can"
    }

    static func severalRegistrations(_ type: String, _ protocols: [String]) -> String {
        "'\(type)' lists several registration protocols (\(protocols.map { "'\($0)'" }.joined(separator: ", "))); choose one"
    }

    static func listedHere(_ protocolName: String) -> String { "'\(protocolName)' is listed here" }

    static func labelledQualifierBy(path: String, name: String, type: String) -> String {
        "a parameter with a qualifierBy comment must have no argument label: write '_/*\(path)*/ \(name): \(type)'"
    }

    static let emptyQualifierBy = "empty qualifierBy comment"

    static func unsupportedDependencyType(_ written: String) -> String {
        "unsupported dependency type '\(written)'; use a type or an array of a type"
    }

    static func invalidPropertyPath(_ path: String, _ problem: String) -> String {
        "invalid property path '\(path)': \(problem)"
    }
}
