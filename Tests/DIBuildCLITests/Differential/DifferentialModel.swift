/// The in-memory description of the differential test's project: which declarations each source file
/// holds, and the property values. Rendering is a pure function of it, so the same model written into two
/// directories gives byte-identical trees.
struct DifferentialModel: Equatable {
    struct Dependency: Equatable {
        var type: String
        /// `_` for an unqualified dependency, else the label that is the qualifier.
        var label: String
        var array: Bool
    }

    enum Role: String, CaseIterable {
        case component = "Component"
        case autowired = "Autowired"
        case lazy = "LazyAutowired"
    }

    struct Service: Equatable {
        var name: String
        var role: Role
        var supertypes: [String]
        var scope: String?
        var qualifier: String?
        var dependencies: [Dependency] = []
        /// Key of an `InjectProperty` call (Autowired only).
        var property: String?
        /// Wrapped in `#if DEBUG … #endif`.
        var conditional = false
    }

    enum Declaration: Equatable {
        case service(Service)
        /// A protocol, optionally refining another one.
        case `protocol`(name: String, refines: String?)
        case typeAlias(name: String, target: String)
        /// A `ConfigProperty` struct reading `<key>.host` and `<key>.port`.
        case settings(name: String, key: String)
        /// Plain code: a function returning `value` (a non-DI edit changes it).
        case plain(name: String, value: Int)

        var name: String {
            switch self {
            case .service(let service): service.name
            case .protocol(let name, _), .typeAlias(let name, _), .settings(let name, _), .plain(let name, _): name
            }
        }
    }

    /// Source path (relative to the project) → declarations, in file order.
    var files: [String: [Declaration]] = [:]
    /// Files with a deliberate syntax error appended.
    var brokenFiles: Set<String> = []
    /// Property key (`services.sN`) → (`host`, `port` as written in YAML; nil leaves the key out).
    var properties: [String: Property] = [:]
    /// Source directories excluded in `deli.yml`.
    var excluded: [String] = []
    /// Next number for fresh names.
    var counter = 0

    struct Property: Equatable {
        var host: String
        var port: String?
    }

    static let configPath = "deli.yml"
    static let propertyPath = "Config/app.yml"
    static let outputs = ["build/AppFactory.swift", "build/AppFactory.d", "build/Deli.resolved"]
    static let directories = ["Sources/Core", "Sources/Feature", "Sources/Feature/Detail", "Sources/Extra"]

    /// Every file of the project: path → contents.
    func rendered() -> [String: String] {
        var result = [Self.configPath: config(), Self.propertyPath: propertyFile()]
        for (path, declarations) in files {
            result[path] = Self.source(declarations, broken: brokenFiles.contains(path))
        }
        return result
    }

    private func config() -> String {
        let exclude = excluded.isEmpty ? "" : "    exclude:\n" + excluded.map { "      - \($0)\n" }.joined()
        return """
            target:
              - App
            config:
              App:
                include:
                  - Sources
            \(exclude)    properties:
                  - Config/app.yml
                output: build/AppFactory.swift
                depfile: build/AppFactory.d
                resolve:
                  output: build/Deli.resolved

            """
    }

    private func propertyFile() -> String {
        var text = "services:\n"
        for key in properties.keys.sorted() {
            let property = properties[key]!
            text += "  \(key.split(separator: ".").last!):\n    host: \(property.host)\n"
            if let port = property.port { text += "    port: \(port)\n" }
        }
        return text
    }

    static func source(_ declarations: [Declaration], broken: Bool) -> String {
        var text = "import DIRuntime\n"
        for declaration in declarations { text += "\n" + render(declaration) }
        if broken { text += "\nfinal class {\n" }
        return text
    }

    private static func render(_ declaration: Declaration) -> String {
        switch declaration {
        case .service(let service):
            let body = render(service)
            return service.conditional ? "#if DEBUG\n\(body)#endif\n" : body
        case .protocol(let name, let refines):
            return "protocol \(name)\(refines.map { ": \($0)" } ?? ""): AnyObject {}\n"
        case .typeAlias(let name, let target):
            return "typealias \(name) = \(target)\n"
        case .settings(let name, let key):
            return """
                struct \(name): ConfigProperty {
                    let target = "\(key)"
                    let host: String
                    let port: Int
                }

                """
        case .plain(let name, let value):
            return "func \(name)() -> Int {\n    // edited\n    return \(value)\n}\n"
        }
    }

    private static func render(_ service: Service) -> String {
        var lines = [
            "final class \(service.name): \((service.supertypes + [service.role.rawValue]).joined(separator: ", ")) {"
        ]
        if let scope = service.scope { lines.append("    var scope: Scope { \(scope) }") }
        if let qualifier = service.qualifier { lines.append("    var qualifier: String? { \"\(qualifier)\" }") }
        if let property = service.property { lines.append("    let setting = InjectProperty(\"\(property)\")") }
        let dependencies = service.dependencies.enumerated()
        let parameters = dependencies.map { index, dependency in
            "\(dependency.label) d\(index): \(dependency.array ? "[\(dependency.type)]" : dependency.type)"
        }.joined(separator: ", ")
        switch service.role {
        case .component:
            lines.append("    init() {}")
        case .autowired:
            lines.append("    required init(\(parameters)) {}")
        case .lazy:
            lines.append("    required init() {}")
            lines.append("    func inject(\(parameters)) {}")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Queries for the edit generator

    var services: [(path: String, index: Int, service: Service)] {
        files.keys.sorted().flatMap { path in
            files[path]!.enumerated().compactMap { index, declaration in
                guard case .service(let service) = declaration else { return nil }
                return (path, index, service)
            }
        }
    }

    /// Names a dependency may use: protocols, services, aliases, settings.
    var dependableNames: [String] {
        files.keys.sorted().flatMap { path in
            files[path]!.compactMap { declaration -> String? in
                if case .plain = declaration { return nil }
                return declaration.name
            }
        }
    }

    var protocolNames: [String] {
        files.keys.sorted().flatMap { path in
            files[path]!.compactMap { declaration -> String? in
                guard case .protocol(let name, _) = declaration else { return nil }
                return name
            }
        }
    }

    mutating func freshName(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }
}
