/// Entries of the checks on declarations. Most are decided by the scanner from one file; those that need
/// every file of the target (members declared in extensions, aliases, scope values spread over files) by
/// the linker. Each code is reported by exactly the stage named here.
extension Diagnostics {
    static let scanEntries: [DiagnosticEntry] = [
        DiagnosticEntry(
            .s00, .scan, "code swift-syntax could not parse",
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
            .s01, .link, "no usable initializer",
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
            .s02, .link, "more than one initializer could be used",
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
            .s03, .link, "no inject method",
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
            .s04, .link, "more than one inject method",
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
            .s05, .link, "no initializer without arguments",
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
            .s06, .scan, "a mutating inject method",
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
            .s07, .link, "a factory initializer without a payload",
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
            .s08, .link, "no single payload initializer",
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
            .s09, .scan, "an unsupported scope",
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
            .s10, .scan, "a qualifier that is not a literal",
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
            .s11, .scan, "a weak struct",
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
            .s12, .scan, "'Config' without a type",
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
            .s13, .scan, "an array dependency of 'Config'",
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
            .s14, .scan, "a 'Config' qualifier that is not a literal",
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
            .s15, .scan, "a misplaced 'Config'",
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
            .s16, .link, "a scope on a factory",
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
            .s17, .scan, "too many 'Config' dependencies",
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
            .s18, .scan, "'Inject' without a type",
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
            .s19, .scan, "an 'Inject' qualifier that is not a literal",
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
            .s20, .scan, "a 'qualifierBy' that is not a literal",
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
            .s21, .scan, "'qualifier' and 'qualifierBy' together",
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
            .s22, .scan, "an 'InjectProperty' path that is not a literal",
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
            .s23, .scan, "a '@PropertyValue' path that is not a literal",
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
            .s24, .scan, "a dependency wrapper without a type",
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
            .s25, .scan, "'@Dependency' on an array",
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
            .s26, .scan, "'@DependencyArray' on a single value",
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
            .s27, .link, "a ConfigProperty without a target",
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
            .s28, .link, "a missing legacy alias",
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
            .s29, .scan, "a private registered type",
            explanation: """
                The generated factory lives in its own file, so it can only name types that are internal or \
                more visible, and not nested in a private type. The scanner reports what one file shows; a \
                registration protocol listed in another file is reported by the linker.
                """,
            wrong: """
                private final class Store: Component {}
                """,
            right: """
                final class Store: Component {}
                """),
        DiagnosticEntry(
            .s30, .scan, "a generic type or a conditional conformance",
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
            .s31, .scan, "a protocol lists a registration protocol",
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
            .s32, .scan, "an enum or actor lists a registration protocol",
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
            .s33, .scan, "several registration protocols",
            explanation: """
                Each registration protocol decides how a type is created; a type lists exactly one. A note \
                points at each listing. Listings spread over several files are reported by the linker.
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
            .s34, .scan, "a labelled parameter with a qualifierBy comment",
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
            .s35, .scan, "an empty qualifierBy comment",
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
            .s36, .scan, "an unsupported dependency type",
            explanation: """
                A dependency is a type or an array of a type; optionals, dictionaries, functions, tuples and \
                inout or variadic parameters cannot be resolved. The scanner reports what it reads; a legacy \
                alias that resolves to such a type is reported by the linker.
                """,
            wrong: """
                init(log: Logger?) {}
                """,
            right: """
                init(log: Logger) {}
                """),
        DiagnosticEntry(
            .s37, .link, "conflicting scope or qualifier values",
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
            .s38, .link, "an unsupported ConfigProperty field type",
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
            .s39, .scan, "an invalid property path",
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
