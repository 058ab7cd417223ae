@testable import DIEngine

/// Hand-built linked graphs, written as the linker would deliver them.
enum SampleGraphs {
    static func location(_ path: String, _ line: Int, _ column: Int = 7) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    static func scalar(_ text: String, _ kind: ScalarKind = .string) -> PropertyNode {
        PropertyNode(.scalar(PropertyScalar(text: text, kind: kind)))
    }

    static func mapping(_ entries: [String: PropertyNode]) -> PropertyNode { PropertyNode(.mapping(entries)) }
    static func list(_ items: [PropertyNode]) -> PropertyNode { PropertyNode(.list(items)) }

    static func dependency(
        _ type: String, owner: RegistrationID?, array: Bool = false, qualifier: String = "", qualifierBy: String? = nil,
        payload: Bool = false, eager: Bool = true, imported: Bool = false, at location: SourceLocation
    ) -> Dependency {
        Dependency(
            typeName: type, isArray: array, isPayload: payload, qualifier: qualifier, qualifierBy: qualifierBy,
            effectiveQualifier: qualifier, isEager: eager, owner: owner, ownerTypeName: owner?.typeName ?? "",
            location: location, hasImportedCandidate: imported)
    }

    /// The module of `codegen.md` §1: `HarryPotter` (§14), `LibraryService` (§5, no logger),
    /// `ServerConfig` (§13, no `method`). `exportLinks` adds the links a resolved-file target gets (§8).
    static func specExample(exportLinks: Bool, includeServerConfig: Bool = true) -> LinkedGraph {
        let harry = RegistrationID(typeName: "HarryPotter", qualifier: "Novel")
        let library = RegistrationID(typeName: "LibraryService", qualifier: "")
        let server = RegistrationID(typeName: "ServerConfig", qualifier: "")
        let novels = dependency(
            "Book", owner: library, array: true, qualifier: "Novel", at: location("Sources/LibraryService.swift", 4, 28)
        )
        var registrations = [
            Registration(
                id: harry, kind: .component, scope: .singleton, location: location("Sources/Books.swift", 3, 13),
                links: exportLinks ? ["Book", "Novel"] : ["Book"]),
            Registration(
                id: library, kind: .autowired, scope: .singleton,
                location: location("Sources/LibraryService.swift", 1, 13),
                constructorArguments: [DependencyArgument(label: "Novel", dependency: novels)], dependencies: [novels]),
        ]
        if includeServerConfig {
            registrations.append(
                Registration(
                    id: server, kind: .configProperty, scope: .prototype,
                    location: location("Sources/ServerConfig.swift", 1),
                    isValueType: true, configPropertyTarget: "server",
                    configPropertyFields: [
                        ConfigPropertyField(name: "url", typeName: "String", isOptional: false),
                        ConfigPropertyField(name: "port", typeName: "Int", isOptional: false),
                    ]))
        }
        let properties = mapping(["server": mapping(["url": scalar("http://x"), "port": scalar("8080", .int)])])
        return LinkedGraph(registrations: registrations, properties: properties)
    }
}
