/// Messages of the configuration and inventory stages.
extension DiagnosticMessage {
    static let cannotRead = Self(.i01, "cannot read '{path}': {reason}")
    static let invalidConfigShape = Self(.i02, "invalid config: '{key}' must be {shape}")
    static let unknownTarget = Self(.i03, "unknown target '{name}'")
    static let xcodeKeyIgnored = Self(
        .i04, .warning, "'{key}' is ignored: dibuild does not read Xcode projects; list sources under 'include'")
    static let unknownConfigKey = Self(.i05, .warning, "unknown config key '{key}'")
    static let pathDoesNotExist = Self(.i06, "'{path}' does not exist")
    static let patternMatchedNothing = Self(.i07, .warning, "pattern '{pattern}' matched no files")
    static let cannotParse = Self(.i08, "cannot parse '{path}': {problem}")
    static let severalDocuments = Self(.i08, "cannot parse '{path}': expected a single document but found another")
    static let keyNotScalar = Self(.i08, "cannot parse '{path}': a mapping key must be a scalar")
    static let duplicateKey = Self(.i09, "duplicate key '{key}'")
    static let firstDefinedHere = Self(.i09, .note, "first defined here")
    static let propertyFileNotMapping = Self(
        .i10, "a property file must contain one YAML document whose top level is a mapping")
    static let invalidAccessLevel = Self(
        .i11, "invalid access control '{text}'; expected 'public', 'package' or 'internal'")
    static let noSources = Self(.i12, .warning, "no Swift source files found for target '{name}'")
    static let notUTF8 = Self(.i13, "'{path}' is not valid UTF-8")
    static let nameNotUTF8 = Self(.i13, "the name of '{path}' is not valid UTF-8; dibuild cannot read it")
    static let invalidResolvedFile = Self(.i14, "invalid resolved file '{path}': {reason}")
    static let singleTargetFormat = Self(
        .i15,
        "this config uses the old single-target format; move its settings under 'config: <name>:' "
            + "and list the name under 'target:'")
    static let targetListedTwice = Self(.i16, .warning, "target '{name}' is listed more than once")
    static let invalidRuntimeModule = Self(.i17, "invalid runtime module name '{name}'")

    static let inputMessages: [Self] = [
        .cannotRead, .invalidConfigShape, .unknownTarget, .xcodeKeyIgnored, .unknownConfigKey, .pathDoesNotExist,
        .patternMatchedNothing, .cannotParse, .severalDocuments, .keyNotScalar, .duplicateKey, .firstDefinedHere,
        .propertyFileNotMapping, .invalidAccessLevel, .noSources, .notUTF8, .nameNotUTF8, .invalidResolvedFile,
        .singleTargetFormat, .targetListedTwice, .invalidRuntimeModule,
    ]
}

extension Diagnostics {
    static let inputEntries: [DiagnosticEntry] = [
        DiagnosticEntry(
            code: .i01, stage: .inventory, title: "a file cannot be read",
            explanation: """
                dibuild could not open or read a file it needs: the config, a property file, a resolved file or \
                a Swift source. The reason is the operating system's. Nothing is written, so the previous \
                factory and depfile stay as they were.
                """,
            wrong: """
                include:
                  - Sources/App/Unreadable.swift   # chmod 000
                """,
            right: """
                include:
                  - Sources/App/Readable.swift
                """),
        DiagnosticEntry(
            code: .i02, stage: .config, title: "a config key has the wrong shape",
            explanation: """
                Each key of deli.yml expects one shape: a string, a list of strings, a mapping or a boolean. \
                A value of another shape is not guessed at; the message names the shape the key needs.
                """,
            wrong: """
                config:
                  App:
                    include: Sources/App
                """,
            right: """
                config:
                  App:
                    include:
                      - Sources/App
                """),
        DiagnosticEntry(
            code: .i03, stage: .config, title: "an unknown target is named",
            explanation: """
                A name under 'target:' or given with '--target' must be the name of an entry under 'config:'.
                """,
            wrong: """
                target:
                  - Ap
                config:
                  App: {include: [Sources]}
                """,
            right: """
                target:
                  - App
                config:
                  App: {include: [Sources]}
                """),
        DiagnosticEntry(
            code: .i04, stage: .config, title: "an Xcode project key is ignored",
            explanation: """
                Deli reads Xcode projects ('project', 'scheme'); dibuild reads only the Swift files a target \
                lists, so these keys have no effect. List the sources under 'include' instead.
                """,
            wrong: """
                config:
                  App:
                    project: App.xcodeproj
                """,
            right: """
                config:
                  App:
                    include: [Sources/App]
                """),
        DiagnosticEntry(
            code: .i05, stage: .config, title: "an unknown config key",
            explanation: """
                A key dibuild does not know is ignored with a warning, so that a typo does not silently drop a \
                setting.
                """,
            wrong: """
                config:
                  App:
                    inclde: [Sources/App]
                """,
            right: """
                config:
                  App:
                    include: [Sources/App]
                """),
        DiagnosticEntry(
            code: .i06, stage: .inventory, title: "a listed path does not exist",
            explanation: """
                A path without wildcards under 'include', 'exclude' or 'properties' names a file or folder that \
                is not there. A pattern with wildcards that matches nothing is the warning I07 instead.
                """,
            wrong: """
                include: [Sources/Ap]
                """,
            right: """
                include: [Sources/App]
                """),
        DiagnosticEntry(
            code: .i07, stage: .inventory, title: "a pattern matched no files",
            explanation: """
                A glob pattern matched no file. It is a warning: the pattern may be meant for files that do not \
                exist yet, but it is often a typo.
                """,
            wrong: """
                include: ["Sources/**/*.swfit"]
                """,
            right: """
                include: ["Sources/**/*.swift"]
                """),
        DiagnosticEntry(
            code: .i08, stage: .config, title: "a YAML or JSON file cannot be parsed",
            explanation: """
                libyaml rejected the file, or it holds more than one document, or a mapping key is not a \
                scalar. The location is where libyaml found the problem.
                """,
            wrong: """
                server:
                  port: [8080
                """,
            right: """
                server:
                  port: 8080
                """),
        DiagnosticEntry(
            code: .i09, stage: .config, title: "a key is defined twice",
            explanation: """
                The same key appears twice in one mapping. YAML leaves the meaning open, so dibuild refuses \
                rather than pick one; a note points at the first definition.
                """,
            wrong: """
                server:
                  port: 8080
                  port: 9090
                """,
            right: """
                server:
                  port: 8080
                """),
        DiagnosticEntry(
            code: .i10, stage: .config, title: "a property file is not one mapping",
            explanation: """
                Properties are looked up by path ('server.port'), so a property file must be a single YAML or \
                JSON document whose top level is a mapping.
                """,
            wrong: """
                - port: 8080
                """,
            right: """
                server:
                  port: 8080
                """),
        DiagnosticEntry(
            code: .i11, stage: .config, title: "an invalid access level",
            explanation: """
                'accessControl' sets the access of the generated factory; only 'public', 'package' and \
                'internal' make sense for a type other modules or the app itself use.
                """,
            wrong: """
                accessControl: private
                """,
            right: """
                accessControl: internal
                """),
        DiagnosticEntry(
            code: .i12, stage: .inventory, title: "a target has no Swift sources",
            explanation: """
                After 'include' and 'exclude' a target lists no Swift file, so the factory registers nothing. \
                It is a warning because an empty target is valid, but rarely meant.
                """,
            wrong: """
                include: [Resources]
                """,
            right: """
                include: [Sources/App]
                """),
        DiagnosticEntry(
            code: .i13, stage: .inventory, title: "a file or file name is not valid UTF-8",
            explanation: """
                Swift sources and their names must be UTF-8; dibuild cannot scan, display or list in a depfile \
                what it cannot decode.
                """,
            wrong: """
                iconv -t latin1 App.swift > Sources/App/App.swift
                """,
            right: """
                cp App.swift Sources/App/App.swift   # UTF-8
                """),
        DiagnosticEntry(
            code: .i14, stage: .config, title: "an invalid resolved file",
            explanation: """
                A resolved file (Deli.resolved: the registrations another module exported, listed under \
                'resolve') does not have the expected structure; the reason names the key.
                """,
            wrong: """
                DEPENDENCY:
                  - TYPE: ''
                """,
            right: """
                DEPENDENCY:
                  - TYPE: Network.Client
                    QUALIFIER: ''
                """),
        DiagnosticEntry(
            code: .i15, stage: .config, title: "the old single-target config format",
            explanation: """
                dibuild reads only the multi-target format of deli.yml: settings under 'config: <name>:' and \
                the names to build under 'target:'.
                """,
            wrong: """
                include: [Sources/App]
                """,
            right: """
                target: [App]
                config:
                  App:
                    include: [Sources/App]
                """),
        DiagnosticEntry(
            code: .i16, stage: .config, title: "a target is listed twice",
            explanation: """
                The same name appears twice under 'target:'; it is built once.
                """,
            wrong: """
                target: [App, App]
                """,
            right: """
                target: [App]
                """),
        DiagnosticEntry(
            code: .i17, stage: .config, title: "an invalid runtime module name",
            explanation: """
                The runtime module is imported by the generated factory, so its name must be a Swift \
                identifier.
                """,
            wrong: """
                runtimeModule: DI-Runtime
                """,
            right: """
                runtimeModule: DIRuntime
                """),
    ]
}
