/// Messages and entries of the link checks (`L…`), cycles (`Y01`), properties (`P…`) and `dibuild why`.
extension DiagnosticMessage {
    static let noImplementation = Self(.l01, "no implementation of '{type}'")
    static let noQualifiedImplementation = Self(.l01, "no implementation of '{type}' with qualifier '{qualifier}'")
    static let noImplementationFromProperty = Self(
        .l01, "no implementation of '{type}' with qualifier '{qualifier}' (from property '{path}')")
    static let registeredWithoutQualifier = Self(.l01, .note, "'{type}' is registered without a qualifier here")
    static let registeredWithQualifier = Self(.l01, .note, "'{type}' is registered with qualifier '{qualifier}' here")
    static let labelIsQualifier = Self(.l01, .note, "the argument label '{label}' is used as the qualifier")
    static let ambiguousImplementation = Self(
        .l02, "ambiguous implementation of '{type}': {count} candidates; add a qualifier to choose one")
    static let candidate = Self(.l02, .note, "candidate '{type}' registered here")
    static let qualifiedCandidate = Self(.l02, .note, "candidate '{type}' (qualifier '{qualifier}') registered here")
    static let factoryAsDependency = Self(
        .l03, "factory '{type}' cannot be used as a plain dependency; use 'Inject({type}.self, with: ...)'")
    static let notAFactory = Self(
        .l04, "'{type}' is not a factory; 'with:' needs an AutowiredFactory or LazyAutowiredFactory")
    static let notRegistered = Self(
        .l05, "'{type}' is not registered; add 'Component' (or another DI protocol) to its declaration")
    static let declaredHere = Self(.l05, .note, "'{type}' declared here")
    static let registrationNotInherited = Self(.l05, .note, "registration is not inherited from '{base}'")
    static let duplicateRegistration = Self(.l06, "duplicate registration of '{type}'")
    static let duplicateQualifiedRegistration = Self(
        .l06, "duplicate registration of '{type}' with qualifier '{qualifier}'")
    static let previousRegistration = Self(.l06, .note, "previous registration here")
    static let emptyArray = Self(
        .l07, .warning, "no implementation of '{type}' is registered; '[{type}]' will be empty")
    static let cycle = Self(.y01, "circular dependency: {path}")
    static let dependsOn = Self(.y01, .note, "'{from}' depends on '{to}' here")
    static let lazyPrototypeInCycle = Self(
        .y01, .note, "'{type}' is lazy but prototype-scoped, so lazy injection cannot break the cycle")
    static let propertyNotFound = Self(.p01, "property '{path}' not found")
    static let fieldPropertyNotFound = Self(
        .p01, "property '{path}' not found, required by field '{field}' of '{type}'")
    static let nullDoesNotConvert = Self(.p02, "property '{path}' is null, which does not convert to '{type}'")
    static let valueDoesNotConvert = Self(
        .p02, "property '{path}' has value '{value}', which does not convert to '{type}'")
    static let setHere = Self(.p02, .note, "'{path}' is set here")
    static let propertyNotAValue = Self(.p03, "property '{path}' is a {shape}, not a value")
    static let unknownQualifier = Self(
        .w01, "'{type}' has no registration with qualifier '{qualifier}'; its qualifiers: {qualifiers}")
    static let declaredNotRegistered = Self(
        .w01, "'{type}' is declared here but not registered and nothing registered provides it")
    static let unknownType = Self(.w01, "unknown type '{type}': target '{target}' neither registers nor declares it")

    static let linkMessages: [Self] = [
        .noImplementation, .noQualifiedImplementation, .noImplementationFromProperty, .registeredWithoutQualifier,
        .registeredWithQualifier, .labelIsQualifier, .ambiguousImplementation, .candidate, .qualifiedCandidate,
        .factoryAsDependency, .notAFactory, .notRegistered, .declaredHere, .registrationNotInherited,
        .duplicateRegistration, .duplicateQualifiedRegistration, .previousRegistration, .emptyArray, .cycle,
        .dependsOn, .lazyPrototypeInCycle, .propertyNotFound, .fieldPropertyNotFound, .nullDoesNotConvert,
        .valueDoesNotConvert, .setHere, .propertyNotAValue, .unknownQualifier, .declaredNotRegistered, .unknownType,
    ]
}

extension Diagnostics {
    static let linkEntries: [DiagnosticEntry] = [
        DiagnosticEntry(
            code: .l01, stage: .validate, title: "no implementation of a dependency",
            explanation: """
                Nothing registered provides the type (with the qualifier) a dependency asks for. Notes list \
                the registrations of the type under other qualifiers, and say when an argument label was taken \
                as the qualifier.
                """,
            wrong: """
                final class App: Autowired {
                    init(disk store: Store) {}   // label 'disk' is the qualifier
                }
                """,
            right: """
                final class App: Autowired {
                    init(_ store: Store) {}
                }
                """),
        DiagnosticEntry(
            code: .l02, stage: .validate, title: "more than one implementation",
            explanation: """
                Several registrations provide the type a single dependency asks for. Give the implementations \
                qualifiers and ask for one, or ask for an array of all of them.
                """,
            wrong: """
                final class DiskStore: Store, Component {}
                final class MemoryStore: Store, Component {}
                init(store: Store) {}
                """,
            right: """
                final class DiskStore: Store, Component { var qualifier: String? { "disk" } }
                init(disk store: Store) {}
                """),
        DiagnosticEntry(
            code: .l03, stage: .validate, title: "a factory used as a plain dependency",
            explanation: """
                A factory makes an instance for a payload, so it is resolved with 'Inject(T.self, with: \
                payload)', never as a plain dependency.
                """,
            wrong: """
                let upload = Inject(Upload.self)
                """,
            right: """
                let upload = Inject(Upload.self, with: file)
                """),
        DiagnosticEntry(
            code: .l04, stage: .validate, title: "a payload for a type that is not a factory",
            explanation: """
                'with:' passes a payload to an AutowiredFactory or LazyAutowiredFactory; other registrations \
                take none.
                """,
            wrong: """
                let store = Inject(Store.self, with: file)
                """,
            right: """
                let store = Inject(Store.self)
                """),
        DiagnosticEntry(
            code: .l05, stage: .validate, title: "a dependency on a type that is not registered",
            explanation: """
                The type is declared in the target but lists no registration protocol. A registration is not \
                inherited: a subclass of a registered class must list one itself.
                """,
            wrong: """
                final class Store {}
                init(store: Store) {}
                """,
            right: """
                final class Store: Component {}
                init(store: Store) {}
                """),
        DiagnosticEntry(
            code: .l06, stage: .validate, title: "a duplicate registration",
            explanation: """
                Two registrations have the same type and qualifier (a type and a 'Config', or two 'Config's); \
                the runtime could not tell them apart.
                """,
            wrong: """
                final class Store: Component {}
                let store = Config(Store.self) { Store() }
                """,
            right: """
                final class Store: Component {}
                let store = Config(Store.self, qualifier: "test") { Store() }
                """),
        DiagnosticEntry(
            code: .l07, stage: .validate, title: "an array dependency nothing provides",
            explanation: """
                An array dependency collects every implementation; when none is registered the array is empty, \
                which is valid but rarely meant.
                """,
            wrong: """
                @DependencyArray var plugins: [Plugin]   // no Plugin registered
                """,
            right: """
                final class Logging: Plugin, Component {}
                """),
        DiagnosticEntry(
            code: .y01, stage: .validate, title: "a dependency cycle",
            explanation: """
                Registrations that need each other to be created can never be created. A note shows each edge \
                of the cycle. Lazy injection (LazyAutowired) breaks a cycle unless the lazy type is \
                prototype-scoped.
                """,
            wrong: """
                final class A: Autowired { init(b: B) {} }
                final class B: Autowired { init(a: A) {} }
                """,
            right: """
                final class A: Autowired { init(b: B) {} }
                final class B: LazyAutowired { required init() {}; func inject(a: A) {} }
                """),
        DiagnosticEntry(
            code: .p01, stage: .validate, title: "a property is missing",
            explanation: """
                A property path used by 'InjectProperty', '@PropertyValue', a ConfigProperty field or a \
                qualifierBy is not set in the target's property files. An optional ConfigProperty field may \
                be missing.
                """,
            wrong: """
                let port = InjectProperty("server.prot")
                """,
            right: """
                let port = InjectProperty("server.port")
                """),
        DiagnosticEntry(
            code: .p02, stage: .validate, title: "a property value does not convert",
            explanation: """
                The value set for a ConfigProperty field does not convert to the field's type (a number out of \
                range, text for a number, an unknown boolean).
                """,
            wrong: """
                server:
                  port: eighty   # var port: Int
                """,
            right: """
                server:
                  port: 80
                """),
        DiagnosticEntry(
            code: .p03, stage: .validate, title: "a property is a mapping or a list",
            explanation: """
                A property used as a value is a mapping or a list in the property files; use a path to one of \
                its values.
                """,
            wrong: """
                let server = InjectProperty("server")
                """,
            right: """
                let port = InjectProperty("server.port")
                """),
        DiagnosticEntry(
            code: .w01, stage: .why, title: "'dibuild why' cannot explain a type",
            explanation: """
                'dibuild why TYPE' explains how the target provides a type; the type (with the qualifier) is \
                neither registered nor provided by a registration in that target.
                """,
            wrong: """
                dibuild why Stor
                """,
            right: """
                dibuild why Store
                """),
    ]
}
