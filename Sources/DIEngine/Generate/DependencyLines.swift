/// The `{RESOLVE}` lines and `{ARGS}` of the generated code for constructor and injector parameters.
enum DependencyLines {
    /// Writes one or two resolve lines per argument and returns the comma-separated argument list.
    static func append(_ arguments: [DependencyArgument], to writer: inout CodeWriter) -> String {
        var passed: [String] = []
        for (index, argument) in arguments.enumerated() {
            let dependency = argument.dependency
            let value = "_\(index)"
            let qualifier: String
            if let path = dependency.qualifierBy {
                qualifier = "_qualifier\(index)"
                let literal = SwiftStringLiteral.quoted(path)
                writer.line("let \(qualifier) = context.getProperty(\(literal), type: String.self)!")
            } else {
                qualifier = SwiftStringLiteral.quoted(dependency.qualifier)
            }
            if dependency.isArray {
                // Imported candidates live in other factories, which only a recursive lookup searches.
                let role = dependency.hasImportedCandidate ? ", resolveRole: .recursive" : ""
                writer.line("let \(value) = context.get([\(dependency.typeName)].self, qualifier: \(qualifier)\(role))")
            } else {
                writer.line("let \(value) = context.get(\(dependency.typeName).self, qualifier: \(qualifier))!")
            }
            passed.append(argument.label.map { "\($0): \(value)" } ?? value)
        }
        return passed.joined(separator: ", ")
    }
}
