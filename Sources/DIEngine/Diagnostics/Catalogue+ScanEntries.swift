/// Entries of the checks on declarations. Most are decided by the scanner from one file; those that need
/// every file of the target (members declared in extensions, aliases, scope values spread over files) by
/// the linker, which alone decides whether a type may be registered (`S29`–`S33`). Where a scanner check
/// has cases only the linker can see (`S11`, `S36`), the explanation says which; the two never report the
/// same case.
extension Diagnostics {
    static let scanEntries: [DiagnosticEntry] = [
        DiagnosticEntry(
            code: .s00, stage: .scan, title: "code swift-syntax could not parse",
            explanation: """
                A part of a file is not valid Swift. Where it touches DI code (a registered type, an \
                initializer, an 'Inject' call) the facts could be wrong, so it is an error; elsewhere it is a \
                warning and the facts come from the code around it. swiftc reports the same place in detail.
                """,
            wrong: """
                final class Store: Component {
                    init(db: Database { }
                }
                """,
            right: """
                final class Store: Component {
                    init() {}
                }
                """),
        DiagnosticEntry(
            code: .s01, stage: .link, title: "no usable initializer",
            explanation: """
                An Autowired type is created with one of its initializers; one that is failable, generic, \
                throwing, async or private cannot be called by the factory, and memberwise or implicit \
                initializers are not used. A note names each initializer left out and why.
                """,
            wrong: """
                struct Clock: Autowired {
                    init?(zone: TimeZone) { nil }
                }
                """,
            right: """
                struct Clock: Autowired {
                    init(zone: TimeZone) {}
                }
                """),
        DiagnosticEntry(
            code: .s02, stage: .link, title: "more than one initializer could be used",
            explanation: """
                An Autowired type has several usable initializers. A class chooses one by marking it \
                'required'; a struct must keep exactly one.
                """,
            wrong: """
                final class Cache: Autowired {
                    init(store: Store) {}
                    init(store: Store, size: Int) {}
                }
                """,
            right: """
                final class Cache: Autowired {
                    required init(store: Store) {}
                    init(store: Store, size: Int) {}
                }
                """),
        DiagnosticEntry(
            code: .s03, stage: .link, title: "no inject method",
            explanation: """
                A LazyAutowired type receives its dependencies through a method 'inject(...)' after it was \
                created; it needs one that the factory can call.
                """,
            wrong: """
                final class Screen: LazyAutowired {
                    required init() {}
                }
                """,
            right: """
                final class Screen: LazyAutowired {
                    required init() {}
                    func inject(model: Model) {}
                }
                """),
        DiagnosticEntry(
            code: .s04, stage: .link, title: "more than one inject method",
            explanation: """
                A LazyAutowired type declares several 'inject(...)' methods; the factory cannot tell which to \
                call. Keep one.
                """,
            wrong: """
                func inject(model: Model) {}
                func inject(model: Model, log: Log) {}
                """,
            right: """
                func inject(model: Model, log: Log) {}
                """),
        DiagnosticEntry(
            code: .s05, stage: .link, title: "no initializer without arguments",
            explanation: """
                Component, Configuration and LazyAutowired types are created with 'T()': one of their \
                initializers must be callable without arguments.
                """,
            wrong: """
                final class Settings: Component {
                    init(name: String) {}
                }
                """,
            right: """
                final class Settings: Component {
                    init(name: String = "app") {}
                }
                """),
        DiagnosticEntry(
            code: .s06, stage: .scan, title: "a mutating inject method",
            explanation: """
                The injector of a LazyAutowired struct receives a copy of the instance, so what a mutating \
                'inject(...)' changes would be lost.
                """,
            wrong: """
                struct Screen: LazyAutowired {
                    mutating func inject(model: Model) {}
                }
                """,
            right: """
                final class Screen: LazyAutowired {
                    required init() {}
                    func inject(model: Model) {}
                }
                """),
        DiagnosticEntry(
            code: .s07, stage: .link, title: "a factory initializer without a payload",
            explanation: """
                An AutowiredFactory is created for a payload given at resolution time: the last parameter of \
                its initializer must be 'payload:' of a (non-optional, non-array) type.
                """,
            wrong: """
                final class Upload: AutowiredFactory {
                    required init(client: Client, file: File) {}
                }
                """,
            right: """
                final class Upload: AutowiredFactory {
                    required init(client: Client, payload: File) {}
                }
                """),
        DiagnosticEntry(
            code: .s08, stage: .link, title: "no single payload initializer",
            explanation: """
                A LazyAutowiredFactory is created with 'init(payload:)' and receives its dependencies through \
                'inject(...)'; it needs exactly one such initializer.
                """,
            wrong: """
                final class Upload: LazyAutowiredFactory {
                    required init(file: File) {}
                }
                """,
            right: """
                final class Upload: LazyAutowiredFactory {
                    required init(payload: File) {}
                    func inject(client: Client) {}
                }
                """),
        DiagnosticEntry(
            code: .s09, stage: .scan, title: "an unsupported scope",
            explanation: """
                The 'scope' property (or the 'scope:' argument of 'Config') must be one of the scopes the \
                runtime knows, written so that dibuild can read it without running the code.
                """,
            wrong: """
                var scope: Scope { isTest ? .prototype : .singleton }
                """,
            right: """
                var scope: Scope { .prototype }
                """),
        DiagnosticEntry(
            code: .s10, stage: .scan, title: "a qualifier that is not a literal",
            explanation: """
                The 'qualifier' property is read at build time, so it must be a string literal (or nil).
                """,
            wrong: """
                var qualifier: String? { Self.name }
                """,
            right: """
                var qualifier: String? { "disk" }
                """),
        DiagnosticEntry(
            code: .s11, stage: .scan, title: "a weak struct",
            explanation: """
                The '.weak' scope keeps a weak reference, which only a class has. It is reported where the \
                scope is written: by the scanner when the struct declares it, by the linker when an extension \
                in another declaration does.
                """,
            wrong: """
                struct Cache: Component {
                    var scope: Scope { .weak }
                }
                """,
            right: """
                final class Cache: Component {
                    var scope: Scope { .weak }
                }
                """),
        DiagnosticEntry(
            code: .s12, stage: .scan, title: "'Config' without a type",
            explanation: """
                'Config(T.self, ...)' registers the type its first argument names.
                """,
            wrong: """
                let store = Config { Store() }
                """,
            right: """
                let store = Config(Store.self) { Store() }
                """),
        DiagnosticEntry(
            code: .s13, stage: .scan, title: "an array dependency of 'Config'",
            explanation: """
                The dependencies of 'Config' are passed to its resolver one by one; an array is resolved with \
                'Inject' inside the resolver instead.
                """,
            wrong: """
                let app = Config(App.self, [Plugin].self) { plugins in App(plugins) }
                """,
            right: """
                let app = Config(App.self) { App(Inject([Plugin].self)) }
                """),
        DiagnosticEntry(
            code: .s14, stage: .scan, title: "a 'Config' qualifier that is not a literal",
            explanation: """
                The qualifier of a 'Config' registration is read at build time, so it must be a string \
                literal.
                """,
            wrong: """
                let store = Config(Store.self, qualifier: name) { Store() }
                """,
            right: """
                let store = Config(Store.self, qualifier: "disk") { Store() }
                """),
        DiagnosticEntry(
            code: .s15, stage: .scan, title: "a misplaced 'Config'",
            explanation: """
                A 'Config(...)' registration is found as the initial value of a stored instance property of a \
                Configuration type; anywhere else it would never be registered.
                """,
            wrong: """
                static let store = Config(Store.self) { Store() }
                """,
            right: """
                let store = Config(Store.self) { Store() }
                """),
        DiagnosticEntry(
            code: .s16, stage: .link, title: "a scope on a factory",
            explanation: """
                A factory makes a new instance for each payload, so it is always prototype-scoped; a 'scope' \
                property on it is ignored.
                """,
            wrong: """
                final class Upload: AutowiredFactory {
                    var scope: Scope { .singleton }
                    required init(payload: File) {}
                }
                """,
            right: """
                final class Upload: AutowiredFactory {
                    required init(payload: File) {}
                }
                """),
        DiagnosticEntry(
            code: .s17, stage: .scan, title: "too many 'Config' dependencies",
            explanation: """
                The runtime's 'Config' takes up to nine dependencies; resolve more with 'Inject' inside the \
                resolver.
                """,
            wrong: """
                Config(App.self, A.self, B.self, C.self, D.self, E.self, F.self, G.self, H.self, I.self, J.self) { ... }
                """,
            right: """
                Config(App.self, A.self, B.self) { a, b in App(a, b, Inject(C.self)) }
                """),
        DiagnosticEntry(
            code: .s18, stage: .scan, title: "'Inject' without a type",
            explanation: """
                'Inject' resolves the type its first argument names, which dibuild must read at build time.
                """,
            wrong: """
                let store = Inject(storeType)
                """,
            right: """
                let store = Inject(Store.self)
                """),
        DiagnosticEntry(
            code: .s19, stage: .scan, title: "an 'Inject' qualifier that is not a literal",
            explanation: """
                The 'qualifier:' argument of 'Inject' is read at build time: a string literal or nil.
                """,
            wrong: """
                Inject(Store.self, qualifier: name)
                """,
            right: """
                Inject(Store.self, qualifier: "disk")
                """),
        DiagnosticEntry(
            code: .s20, stage: .scan, title: "a 'qualifierBy' that is not a literal",
            explanation: """
                'qualifierBy:' names the property that holds the qualifier; the path must be a string literal.
                """,
            wrong: """
                Inject(Store.self, qualifierBy: key)
                """,
            right: """
                Inject(Store.self, qualifierBy: "store.kind")
                """),
        DiagnosticEntry(
            code: .s21, stage: .scan, title: "'qualifier' and 'qualifierBy' together",
            explanation: """
                A dependency has one qualifier: written, or read from a property. Give one of the two.
                """,
            wrong: """
                Inject(Store.self, qualifier: "disk", qualifierBy: "store.kind")
                """,
            right: """
                Inject(Store.self, qualifierBy: "store.kind")
                """),
        DiagnosticEntry(
            code: .s22, stage: .scan, title: "an 'InjectProperty' path that is not a literal",
            explanation: """
                The property path of 'InjectProperty' is checked against the property files at build time, so \
                it must be a string literal.
                """,
            wrong: """
                let port = InjectProperty(key)
                """,
            right: """
                let port = InjectProperty("server.port")
                """),
        DiagnosticEntry(
            code: .s23, stage: .scan, title: "a '@PropertyValue' path that is not a literal",
            explanation: """
                The property path of '@PropertyValue' is checked against the property files at build time, so \
                it must be a string literal.
                """,
            wrong: """
                @PropertyValue(Keys.port) var port: String
                """,
            right: """
                @PropertyValue("server.port") var port: String
                """),
        DiagnosticEntry(
            code: .s24, stage: .scan, title: "a dependency wrapper without a type",
            explanation: """
                A property wrapper dependency is resolved by its declared type, so the property needs a type \
                annotation.
                """,
            wrong: """
                @Dependency var store = Store.placeholder
                """,
            right: """
                @Dependency var store: Store
                """),
        DiagnosticEntry(
            code: .s25, stage: .scan, title: "'@Dependency' on an array",
            explanation: """
                An array of every registered implementation is '@DependencyArray'.
                """,
            wrong: """
                @Dependency var plugins: [Plugin]
                """,
            right: """
                @DependencyArray var plugins: [Plugin]
                """),
        DiagnosticEntry(
            code: .s26, stage: .scan, title: "'@DependencyArray' on a single value",
            explanation: """
                '@DependencyArray' collects every implementation into an array, so the property must have an \
                array type.
                """,
            wrong: """
                @DependencyArray var plugin: Plugin
                """,
            right: """
                @DependencyArray var plugins: [Plugin]
                """),
        DiagnosticEntry(
            code: .s27, stage: .link, title: "a ConfigProperty without a target",
            explanation: """
                A ConfigProperty type is filled from the properties below the path its 'target' property \
                names, which must be a string literal.
                """,
            wrong: """
                struct ServerConfig: ConfigProperty {
                    var port: Int
                }
                """,
            right: """
                struct ServerConfig: ConfigProperty {
                    let target = "server"
                    var port: Int
                }
                """),
        DiagnosticEntry(
            code: .s28, stage: .link, title: "a missing legacy alias",
            explanation: """
                A dependency written as 'Dep1'…'Dep9' or '_Payload' refers to a typealias of the type (Deli's \
                older style); the alias must exist in the type or its extensions.
                """,
            wrong: """
                final class Upload: AutowiredFactory {
                    required init(payload: _Payload) {}
                }
                """,
            right: """
                final class Upload: AutowiredFactory {
                    typealias _Payload = File
                    required init(payload: _Payload) {}
                }
                """),
        DiagnosticEntry(
            code: .s29, stage: .link, title: "a private registered type",
            explanation: """
                The generated factory lives in its own file, so it can only name types that are internal or \
                more visible, and not nested in a private type. The linker checks it, because a registration \
                protocol may be listed in any file's extension of the type.
                """,
            wrong: """
                private final class Store: Component {}
                """,
            right: """
                final class Store: Component {}
                """),
        DiagnosticEntry(
            code: .s30, stage: .link, title: "a generic type or a conditional conformance",
            explanation: """
                The factory registers one concrete type; a generic type (or a type nested in one) has no single \
                type to register, and a conformance with a 'where' clause holds only for some of them.
                """,
            wrong: """
                final class Box<Value>: Component {}
                """,
            right: """
                final class IntBox: Component {}
                """),
        DiagnosticEntry(
            code: .s31, stage: .link, title: "a protocol lists a registration protocol",
            explanation: """
                Only a class or struct can be created and registered; make a concrete type conform to the \
                registration protocol and to the protocol it implements.
                """,
            wrong: """
                protocol Store: Component {}
                """,
            right: """
                protocol Store {}
                final class DiskStore: Store, Component {}
                """),
        DiagnosticEntry(
            code: .s32, stage: .link, title: "an enum or actor lists a registration protocol",
            explanation: """
                The runtime creates classes and structs; an enum has no initializer to call for an instance \
                and an actor's isolation does not fit the synchronous factory.
                """,
            wrong: """
                enum Settings: Component {}
                """,
            right: """
                struct Settings: Component {}
                """),
        DiagnosticEntry(
            code: .s33, stage: .link, title: "several registration protocols",
            explanation: """
                Each registration protocol decides how a type is created; a type lists exactly one, in its \
                declaration and all its extensions together. A note points at each listing.
                """,
            wrong: """
                final class Store: Component, Autowired {}
                """,
            right: """
                final class Store: Autowired {
                    init(db: Database) {}
                }
                """),
        DiagnosticEntry(
            code: .s34, stage: .scan, title: "a labelled parameter with a qualifierBy comment",
            explanation: """
                A parameter's argument label is its qualifier; a qualifierBy comment names a property holding \
                the qualifier instead, so the parameter must have no label.
                """,
            wrong: """
                init(store /*store.kind*/: Store) {}
                """,
            right: """
                init(_/*store.kind*/ store: Store) {}
                """),
        DiagnosticEntry(
            code: .s35, stage: .scan, title: "an empty qualifierBy comment",
            explanation: """
                A qualifierBy comment after '_' must name a property path.
                """,
            wrong: """
                init(_/**/ store: Store) {}
                """,
            right: """
                init(_/*store.kind*/ store: Store) {}
                """),
        DiagnosticEntry(
            code: .s36, stage: .scan, title: "an unsupported dependency type",
            explanation: """
                A dependency is a type or an array of a type; optionals, dictionaries, functions, tuples and \
                inout or variadic parameters cannot be resolved. The scanner reports it in 'Inject' and \
                'Config' calls and property wrappers; the linker in initializer and 'inject(...)' parameters \
                and where a legacy alias resolves to such a type.
                """,
            wrong: """
                init(log: Logger?) {}
                """,
            right: """
                init(log: Logger) {}
                """),
        DiagnosticEntry(
            code: .s37, stage: .link, title: "conflicting scope or qualifier values",
            explanation: """
                A type's 'scope' or 'qualifier' is declared in more than one place (the type and an extension, \
                or several extensions) with different values. A note shows each value.
                """,
            wrong: """
                final class Store: Component { var scope: Scope { .singleton } }
                extension Store { var scope: Scope { .prototype } }
                """,
            right: """
                final class Store: Component { var scope: Scope { .prototype } }
                """),
        DiagnosticEntry(
            code: .s38, stage: .link, title: "an unsupported ConfigProperty field type",
            explanation: """
                A ConfigProperty field is filled from a property value, so its type must convert from text or \
                be another ConfigProperty type.
                """,
            wrong: """
                struct ServerConfig: ConfigProperty {
                    let target = "server"
                    var hosts: Set<String>
                }
                """,
            right: """
                struct ServerConfig: ConfigProperty {
                    let target = "server"
                    var host: String
                }
                """),
        DiagnosticEntry(
            code: .s39, stage: .scan, title: "an invalid property path",
            explanation: """
                A property path is keys separated by '.', with '[…]' for a key or index in brackets and \
                quotes around keys with special characters; the message names the problem.
                """,
            wrong: """
                InjectProperty("server[port")
                """,
            right: """
                InjectProperty("server.port")
                """),
    ]
}
