import Foundation

/// What the tests know about examples/app: its output and the edits they make to it.
enum ExampleApp {
    /// The whole output of the unchanged app: one line per injected fact.
    static let output = """
        banner: dibuild example (2026-01-01)
        library: Example Library
        novels: Dune, Emma
        books: Asterix, Dune, Emma
        logger: memory
        server: api.example.org:8443 secure=true proxy=none
        client: https://api.example.org:8443
        message: hello ada, today is 2026-01-01
        cycle: true
        friend: 42 is friend-42

        """

    /// Sources as the examples' compile step spells them.
    static let factory = "build/gen/AppFactory.swift"
    static let reportSource = "../app/Sources/App/Report.swift"

    /// `text` with the line starting with `label: ` replaced by `label: value`.
    static func replacingLine(_ label: String, with value: String, in text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(label + ": ") ? label + ": " + value : String($0) }
            .joined(separator: "\n")
    }

    /// A component in a new subfolder whose path has a space, `#` and `$`, escaped differently in
    /// depfiles, Ninja and Make.
    static let newBookFolder = "examples/app/Sources/Books/Graphic Novels"
    static let newBook = newBookFolder + "/Maus#1$.swift"
    static let newBookSource = """
        import DIRuntime

        final class Maus: Book, Component {
            let title = "Maus"

            init() {}
        }

        """

    /// A property file that no code reads; the config's `Configurations/*.yml` applies it.
    static let extraProperties = "examples/app/Configurations/extra.yml"
    static let extraPropertiesSource = "extra:\n  note: unused\n"

    /// A second `Clock` makes `MessageService`'s dependency ambiguous: a validation error.
    static let secondClock = "examples/app/Sources/Core/SystemClock.swift"
    static let secondClockSource = """
        import DIRuntime

        struct SystemClock: Clock, Component {
            var today: String { "now" }

            init() {}
        }

        """
    static var ambiguityError: Regex<Substring> {
        #/^\.\./app/Sources/Users/MessageService\.swift:\d+:\d+: error: ambiguous /#
    }

    /// Every input dibuild must list for the app, as display paths from an example's directory:
    /// deli.yml, the property files, and every directory and Swift file below Sources (walked here).
    static func expectedInputs(in workspace: ExampleWorkspace) throws -> [String] {
        var inputs = ["../app/deli.yml", "../app/Configurations"]
        for file in try FileManager.default.contentsOfDirectory(atPath: workspace.app + "/Configurations") {
            inputs.append("../app/Configurations/" + file)
        }
        inputs.append("../app/Sources")
        let enumerator = FileManager.default.enumerator(atPath: workspace.app + "/Sources")
        while let relative = enumerator?.nextObject() as? String {
            let isDirectory = enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if isDirectory || relative.hasSuffix(".swift") { inputs.append("../app/Sources/" + relative) }
        }
        return inputs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
