/// The `{RESOLVE}` lines and `{ARGS}` of the generated code for constructor and injector parameters.
enum DependencyLines {
    /// Writes one or two resolve lines per argument and returns the comma-separated argument list.
    static func append(_ arguments: [DependencyArgument], to writer: inout CodeWriter) -> String {
        var passed = ""
        // By index, reading fields in place: a copy of each argument's dependency cost more than its lines.
        for index in arguments.indices {
            let value = "_\(index)"
            let qualifier: String
            if let path = arguments[index].dependency.qualifierBy {
                qualifier = "_qualifier\(index)"
                let literal = SwiftStringLiteral.quoted(path)
                writer.line("let \(qualifier) = context.getProperty(\(literal), type: String.self)!")
            } else {
                qualifier = SwiftStringLiteral.quoted(arguments[index].dependency.qualifier)
            }
            let typeName = arguments[index].dependency.typeName
            if arguments[index].dependency.isArray {
                // Imported candidates live in other factories, which only a recursive lookup searches.
                let role = arguments[index].dependency.hasImportedCandidate ? ", resolveRole: .recursive" : ""
                writer.line("let \(value) = context.get([\(typeName)].self, qualifier: \(qualifier)\(role))")
            } else {
                writer.line("let \(value) = context.get(\(typeName).self, qualifier: \(qualifier))!")
            }
            if index > 0 { passed += ", " }
            if let label = arguments[index].label {
                passed += label
                passed += ": "
            }
            passed += value
        }
        return passed
    }
}
