import Testing

@testable import DIEngine

/// The checks of the `S` catalogue that need the whole module (extensions in other files, inherited
/// values), reported by the linker: exact message, file, line, column and notes.
@Suite struct LinkerDiagnosticTests {
    @Test func s01ListsEveryExcludedInitializer() throws {
        let run = try LinkFixture(
            """
            final class A: Autowired {
                init?(x: Int) {}
                private init(y: Int) {}
                init<T>(_ t: T) {}
                init(z: Int) throws {}
                init(w: Int) async {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: no usable initializer for 'A'
                App.swift:2:5: note: 'init(x:)' cannot be used: it is failable
                App.swift:3:13: note: 'init(y:)' cannot be used: it is private
                App.swift:4:5: note: 'init(_:)' cannot be used: it is generic
                App.swift:5:5: note: 'init(z:)' cannot be used: it is throwing
                App.swift:6:5: note: 'init(w:)' cannot be used: it is async

                """)
    }

    @Test func s01ExplainsThatImplicitInitializersAreNotUsed() throws {
        let run = try LinkFixture("struct B: Autowired { let x: Int }").run()
        #expect(
            run.rendered == """
                App.swift:1:8: error: no usable initializer for 'B'
                App.swift:1:8: note: memberwise and implicit initializers are not used; declare 'init(...)'

                """)
    }

    @Test func s02NamesEveryCandidateAndAdvisesPerKind() throws {
        let run = try LinkFixture(
            """
            final class C: Autowired {
                init(_ a: Int) {}
                init(b: Int) {}
            }
            struct D: Autowired {
                init(_ a: Int) {}
                init(b: Int) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: ambiguous initializer for 'C'; mark exactly one 'required'
                App.swift:2:5: note: candidate initializer
                App.swift:3:5: note: candidate initializer
                App.swift:5:8: error: ambiguous initializer for 'D'; keep exactly one
                App.swift:6:5: note: candidate initializer
                App.swift:7:5: note: candidate initializer

                """)
    }

    @Test func theSingleRequiredInitializerOfAClassWins() throws {
        let run = try LinkFixture(
            """
            final class Engine: Component { init() {} }
            class Car: Autowired {
                init(name: String) {}
                required init(_ engine: Engine) {}
            }
            extension Car { convenience init(color: Int) { self.init(Engine()) } }
            """
        ).run()
        #expect(run.rendered == "")
        #expect(run.registration("Car")?.constructorArguments.map(\.dependency.typeName) == ["Engine"])
    }

    @Test func s03AndS04InjectorSelection() throws {
        let run = try LinkFixture(
            """
            final class Dep: Component { init() {} }
            final class D: LazyAutowired { init() {} }
            final class E: LazyAutowired {
                init() {}
                func inject(_ a: Dep) {}
                func inject(b: Dep) {}
                private func inject(c: Dep) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:2:13: error: 'D' has no usable 'inject(...)' method
                App.swift:3:13: error: ambiguous 'inject(...)' method for 'E'
                App.swift:5:10: note: candidate method
                App.swift:6:10: note: candidate method

                """)
    }

    @Test func s05ComponentNeedsAnArgumentlessInitializer() throws {
        let run = try LinkFixture(
            """
            final class F: Component { init(x: Int) {} }
            final class G: Component { init(x: Int = 1) {} }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: 'F' cannot be created with 'F()': none of its initializers can be called without arguments

                """)
    }

    @Test func s07AndS08FactoryInitializers() throws {
        let run = try LinkFixture(
            """
            final class G: AutowiredFactory {
                required init(_ a: Int, id: String) {}
            }
            final class H: LazyAutowiredFactory {
                init() {}
                func inject() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:2:14: error: the last parameter of the initializer of factory 'G' must be 'payload: <Payload type>'
                App.swift:4:13: error: 'H' needs exactly one initializer 'init(payload:)'

                """)
    }

    @Test func s16WarnsAboutAFactoryScope() throws {
        let run = try LinkFixture(
            """
            final class P: AutowiredFactory {
                var scope: Scope { .singleton }
                required init(payload: Int) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:2:24: warning: 'scope' is ignored for factory 'P'; factories are always prototype

                """)
        #expect(run.registration("P")?.scope == .prototype)
    }

    @Test func s27AndS38ConfigPropertyShape() throws {
        let run = try LinkFixture(
            """
            struct Q: ConfigProperty { let url: String }
            struct V: ConfigProperty {
                let target = "v"
                let items: [String]
                let when: Date
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:8: error: ConfigProperty 'Q' needs a 'target' property whose value is a string literal
                App.swift:4:9: error: unsupported type '[String]' for ConfigProperty field 'items'; use String, Bool, Double, Float, an integer type or a ConfigProperty type
                App.swift:5:9: error: unsupported type 'Date' for ConfigProperty field 'when'; use String, Bool, Double, Float, an integer type or a ConfigProperty type

                """)
    }

    @Test func s28MissingLegacyAliasAndS36UnsupportedParameter() throws {
        let run = try LinkFixture(
            """
            final class R: Autowired {
                required init(_ a: Dep1, _ b: Int?) {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:2:19: error: cannot find 'typealias Dep1' in 'R'
                App.swift:2:30: error: unsupported dependency type 'Int?'; use a type or an array of a type

                """)
        #expect(run.registration("R")?.dependenciesUnknown == true)
    }

    @Test func registrationChecksAcrossFiles() throws {
        let run = try LinkFixture([
            (
                "A.swift",
                """
                fileprivate final class Hidden {}
                final class Box<T> {}
                protocol Service {}
                enum Mode {}
                final class Multi: Component { init() {} }
                """
            ),
            (
                "B.swift",
                """
                extension Hidden: Component {}
                extension Box: Component {}
                extension Service: Component {}
                extension Mode: Component {}
                extension Multi: Autowired {}
                """
            ),
        ]).run()
        #expect(
            run.rendered == """
                A.swift:1:25: error: 'Hidden' is fileprivate; DI types must be internal or more visible
                A.swift:2:13: error: generic type 'Box' cannot be registered
                A.swift:3:10: error: protocol 'Service' cannot be registered; make a class or struct conform to 'Component'
                A.swift:4:6: error: enum 'Mode' cannot be registered; only classes and structs can
                A.swift:5:13: error: 'Multi' lists several registration protocols ('Component', 'Autowired'); choose one
                A.swift:5:20: note: 'Component' is listed here
                B.swift:5:18: note: 'Autowired' is listed here

                """)
    }

    @Test func conditionalConformancesAreReportedOnceByTheScanner() throws {
        let run = try LinkFixture([
            ("A.swift", "final class Holder<T> {}\nfinal class Plain {}"),
            ("B.swift", "extension Plain: Component where Self: AnyObject {}"),
        ]).run()
        #expect(
            run.rendered == """
                B.swift:1:11: error: conditional conformance of 'Plain' to 'Component' cannot be registered

                """)
        #expect(run.registration("Plain")?.dependenciesUnknown == true)
    }

    /// `S29`–`S33` have one owner, the linker: what one file shows, with the scanner's positions and texts.
    @Test func registrationChecksS29ToS33() throws {
        let source = try String(
            contentsOfFile: ScanFixture.directory.path + "/Diagnostics/Registration.swift", encoding: .utf8)
        let run = try LinkFixture(source).run()
        let visible = "DI types must be internal or more visible"
        let checks = run.rendered.split(separator: "\n").filter { line in
            ["S29", "S30", "S31", "S32", "S33"].contains { code in
                run.diagnostics.contains { $0.code == code && line.contains($0.message) }
            } || line.contains(": note: '") && line.hasSuffix("' is listed here")
        }
        #expect(
            checks == [
                "App.swift:2:21: error: 'Hidden' is private; \(visible)",
                "App.swift:5:16: error: 'FileHidden.Inner.Deep' is inside private type 'FileHidden'; \(visible)",
                "App.swift:9:17: error: 'Open.FromPrivateExtension' is fileprivate; \(visible)",
                "App.swift:11:8: error: generic type 'Box' cannot be registered",
                "App.swift:12:17: error: generic type 'Box.Content' cannot be registered",
                "App.swift:14:10: error: protocol 'Refined' cannot be registered; make a class or struct conform to 'Component'",
                "App.swift:15:6: error: enum 'Namespace' cannot be registered; only classes and structs can",
                "App.swift:16:7: error: actor 'Worker' cannot be registered; only classes and structs can",
                "App.swift:17:13: error: 'Both' lists several registration protocols ('Component', 'Autowired'); choose one",
                "App.swift:17:19: note: 'Component' is listed here",
                "App.swift:17:30: note: 'Autowired' is listed here",
                "App.swift:18:13: error: 'Split' lists several registration protocols ('Component', 'LazyAutowired'); choose one",
                "App.swift:18:20: note: 'Component' is listed here",
                "App.swift:19:18: note: 'LazyAutowired' is listed here",
                "App.swift:21:11: error: conditional conformance of 'External' to 'Component' cannot be registered",
                "App.swift:22:11: error: 'Remote' lists several registration protocols ('Component', 'Autowired'); choose one",
                "App.swift:22:19: note: 'Component' is listed here",
                "App.swift:22:30: note: 'Autowired' is listed here",
                "App.swift:24:11: error: conditional conformance of 'Conditional' to 'Autowired' cannot be registered",
            ])
    }

    /// A listing in another file's extension is seen too, with the same text.
    @Test func registrationChecksSpanFiles() throws {
        let run = try LinkFixture([
            ("A.swift", "enum Mode {}\nfinal class Store: Component {}\n"),
            ("B.swift", "extension Mode: Component {}\nextension Store: Autowired {}\n"),
        ]).run()
        #expect(
            run.rendered
                == "A.swift:1:6: error: enum 'Mode' cannot be registered; only classes and structs can\n"
                + "A.swift:2:13: error: 'Store' lists several registration protocols ('Component', 'Autowired'); "
                + "choose one\n"
                + "A.swift:2:20: note: 'Component' is listed here\nB.swift:2:18: note: 'Autowired' is listed here\n")
    }

    @Test func sameFileRegistrationChecksAreReportedOnce() throws {
        let run = try LinkFixture(
            """
            private final class Hidden: Component { init() {} }
            final class Multi: Component { init() {} }
            extension Multi: Autowired {}
            """
        ).run()
        #expect(run.codes == ["S29", "S33"])
    }

    /// `S11` has one owner per place: the scanner for a struct's own '.weak', the linker for an extension's.
    @Test func weakStructIsReportedOnceWhereverTheScopeIsWritten() throws {
        let own = try LinkFixture(
            """
            struct Cache: Component {
                var scope: Scope { .weak }
                init() {}
            }
            """
        ).run()
        #expect(own.rendered == "App.swift:2:24: error: 'Cache' is a struct and cannot use the '.weak' scope\n")
        let fromExtension = try LinkFixture([
            ("A.swift", "struct Cache: Component {\n    init() {}\n}\n"),
            ("B.swift", "extension Cache {\n    var scope: Scope { .weak }\n}\n"),
        ]).run()
        #expect(fromExtension.rendered == "B.swift:2:24: error: 'Cache' is a struct and cannot use the '.weak' scope\n")
        #expect(fromExtension.diagnostics.count == 1)
    }

    @Test func s37ConflictingValuesInOneStep() throws {
        let run = try LinkFixture(
            """
            final class T: Component {
                #if DEBUG
                var scope: Scope { .prototype }
                #else
                var scope: Scope { .singleton }
                #endif
                init() {}
            }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:1:13: error: conflicting 'scope' values for 'T'
                App.swift:3:24: note: 'scope' is '.prototype' here
                App.swift:5:24: note: 'scope' is '.singleton' here

                """)
    }

    @Test func s11WeakScopeInheritedByAStruct() throws {
        let run = try LinkFixture(
            """
            protocol Cached {}
            extension Cached { var scope: Scope { .weak } }
            struct U: Cached, Component { init() {} }
            final class W: Cached, Component { init() {} }
            """
        ).run()
        #expect(
            run.rendered == """
                App.swift:2:39: error: 'U' is a struct and cannot use the '.weak' scope

                """)
        #expect(run.registration("W")?.scope == .weak)
    }
}
