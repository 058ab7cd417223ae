/// Messages of the checks on declarations, calls and property wrappers (`S…`).
extension DiagnosticMessage {
    static let unparsedDICode = Self(.s00, "dibuild: {problem} {context}; the generated factory could be wrong")
    static let unparsedCode = Self(.s00, .warning, "dibuild: {problem}; facts were taken from the code around it")
    static let noUsableInitializer = Self(.s01, "no usable initializer for '{type}'")
    static let excludedInitializer = Self(.s01, .note, "'{signature}' cannot be used: it is {reason}")
    static let implicitInitializers = Self(
        .s01, .note, "memberwise and implicit initializers are not used; declare 'init(...)'")
    static let ambiguousInitializer = Self(.s02, "ambiguous initializer for '{type}'; {advice}")
    static let candidateInitializer = Self(.s02, .note, "candidate initializer")
    static let noInjectMethod = Self(.s03, "'{type}' has no usable 'inject(...)' method")
    static let ambiguousInjectMethod = Self(.s04, "ambiguous 'inject(...)' method for '{type}'")
    static let candidateMethod = Self(.s04, .note, "candidate method")
    static let noArgumentlessInitializer = Self(
        .s05, "'{type}' cannot be created with '{type}()': none of its initializers can be called without arguments")
    static let mutatingInject = Self(
        .s06, "'inject(...)' must not be 'mutating': the injector receives a copy of the instance")
    static let factoryPayloadParameter = Self(
        .s07, "the last parameter of the initializer of factory '{type}' must be 'payload: <Payload type>'")
    static let payloadInitializer = Self(.s08, "'{type}' needs exactly one initializer 'init(payload:)'")
    static let unsupportedScope = Self(
        .s09, "unsupported scope '{scope}' for '{type}'; expected .always, .singleton, .prototype or .weak")
    static let invalidQualifier = Self(.s10, "the qualifier of '{type}' must be a string literal or nil")
    static let weakStruct = Self(.s11, "'{type}' is a struct and cannot use the '.weak' scope")
    static let configNeedsType = Self(.s12, "'Config' needs the registered type as its first argument ('T.self')")
    static let configArrayDependency = Self(
        .s13, "'Config' does not support array dependencies; use 'Inject([{type}].self)' inside the resolver")
    static let configQualifierLiteral = Self(.s14, "the 'qualifier' of 'Config' must be a string literal")
    static let misplacedConfig = Self(
        .s15, "'Config(...)' must be the whole initial value of a stored instance property of '{type}'")
    static let factoryScopeIgnored = Self(
        .s16, .warning, "'scope' is ignored for factory '{type}'; factories are always prototype")
    static let configTooManyDependencies = Self(.s17, "'Config' supports at most 9 dependencies")
    static let injectNeedsType = Self(.s18, "'Inject' needs a type argument such as 'T.self' or '[T].self'")
    static let qualifierLiteral = Self(.s19, "'qualifier' must be a string literal or nil")
    static let qualifierByLiteral = Self(.s20, "'qualifierBy' must be a string literal property path")
    static let qualifierAndQualifierBy = Self(.s21, "'qualifier' and 'qualifierBy' cannot be combined")
    static let injectPropertyLiteral = Self(.s22, "'InjectProperty' needs a string literal property path")
    static let propertyValueLiteral = Self(.s23, "'@PropertyValue' needs a string literal property path")
    static let wrapperNeedsType = Self(.s24, "property '{property}' with '@{wrapper}' needs a type annotation")
    static let useDependencyArray = Self(.s25, "use '@DependencyArray' for array type '[{type}]'")
    static let dependencyArrayNeedsArray = Self(
        .s26, "'@DependencyArray' needs an array type; '{property}' has type '{type}'")
    static let configPropertyTarget = Self(
        .s27, "ConfigProperty '{type}' needs a 'target' property whose value is a string literal")
    static let missingLegacyAlias = Self(.s28, "cannot find 'typealias {alias}' in '{type}'")
    static let privateType = Self(.s29, "'{type}' is {reason}; DI types must be internal or more visible")
    static let genericType = Self(.s30, "generic type '{type}' cannot be registered")
    static let conditionalConformance = Self(
        .s30, "conditional conformance of '{type}' to '{protocol}' cannot be registered")
    static let protocolRegistration = Self(
        .s31, "protocol '{type}' cannot be registered; make a class or struct conform to '{protocol}'")
    static let kindRegistration = Self(.s32, "{kind} '{type}' cannot be registered; only classes and structs can")
    static let severalRegistrations = Self(
        .s33, "'{type}' lists several registration protocols ({protocols}); choose one")
    static let listedHere = Self(.s33, .note, "'{protocol}' is listed here")
    static let labelledQualifierBy = Self(
        .s34, "a parameter with a qualifierBy comment must have no argument label: write '_/*{path}*/ {name}: {type}'")
    static let emptyQualifierBy = Self(.s35, "empty qualifierBy comment")
    static let unsupportedDependencyType = Self(
        .s36, "unsupported dependency type '{type}'; use a type or an array of a type")
    static let conflictingValues = Self(.s37, "conflicting '{property}' values for '{type}'")
    static let valueHere = Self(.s37, .note, "'{property}' is '{value}' here")
    static let unsupportedFieldType = Self(
        .s38,
        "unsupported type '{type}' for ConfigProperty field '{field}'; use String, Bool, Double, Float, "
            + "an integer type or a ConfigProperty type")
    static let invalidPropertyPath = Self(.s39, "invalid property path '{path}': {problem}")

    /// `'A', 'B'`: names as a message lists them.
    static func quotedList(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

    static let scanMessages: [Self] = [
        .unparsedDICode, .unparsedCode, .noUsableInitializer, .excludedInitializer, .implicitInitializers,
        .ambiguousInitializer, .candidateInitializer, .noInjectMethod, .ambiguousInjectMethod, .candidateMethod,
        .noArgumentlessInitializer, .mutatingInject, .factoryPayloadParameter, .payloadInitializer,
        .unsupportedScope, .invalidQualifier, .weakStruct, .configNeedsType, .configArrayDependency,
        .configQualifierLiteral, .misplacedConfig, .factoryScopeIgnored, .configTooManyDependencies,
        .injectNeedsType, .qualifierLiteral, .qualifierByLiteral, .qualifierAndQualifierBy, .injectPropertyLiteral,
        .propertyValueLiteral, .wrapperNeedsType, .useDependencyArray, .dependencyArrayNeedsArray,
        .configPropertyTarget, .missingLegacyAlias, .privateType, .genericType, .conditionalConformance,
        .protocolRegistration, .kindRegistration, .severalRegistrations, .listedHere, .labelledQualifierBy,
        .emptyQualifierBy, .unsupportedDependencyType, .conflictingValues, .valueHere, .unsupportedFieldType,
        .invalidPropertyPath,
    ]
}
