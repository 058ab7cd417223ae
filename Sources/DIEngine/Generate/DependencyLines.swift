/// The `{RESOLVE}` lines and `{ARGS}` of the generated code for constructor and injector parameters.
/// Written piece by piece into the writer: building each line and the argument list as strings first cost
/// an allocation per line on a factory of thousands of registrations.
enum DependencyLines {
    /// Writes one or two resolve lines per argument.
    static func appendResolveLines(_ arguments: [DependencyArgument], to writer: inout CodeWriter) {
        // By index, reading fields in place: a copy of each argument's dependency cost more than its lines.
        for index in arguments.indices {
            let qualifier: String
            if let path = arguments[index].dependency.qualifierBy {
                qualifier = "_qualifier\(index)"
                let literal = SwiftStringLiteral.quoted(path)
                writer.line("let ", qualifier, " = context.getProperty(", literal, ", type: String.self)!")
            } else {
                qualifier = SwiftStringLiteral.quoted(arguments[index].dependency.qualifier)
            }
            let typeName = arguments[index].dependency.typeName
            let isArray = arguments[index].dependency.isArray
            // Imported candidates live in other factories, which only a recursive lookup searches.
            let role = isArray && arguments[index].dependency.hasImportedCandidate ? ", resolveRole: .recursive" : ""
            writer.line { writer in
                writer.append("let _")
                writer.append(index)
                writer.append(isArray ? " = context.get([" : " = context.get(")
                writer.append(typeName)
                writer.append(isArray ? "].self, qualifier: " : ".self, qualifier: ")
                writer.append(qualifier)
                writer.append(role)
                writer.append(isArray ? ")" : ")!")
            }
        }
    }

    /// The comma-separated argument list of the resolved values (`label: _0, _1`), as a piece of a line.
    static func appendArgumentList(_ arguments: [DependencyArgument], to writer: inout CodeWriter) {
        for index in arguments.indices {
            if index > 0 { writer.append(", ") }
            if let label = arguments[index].label {
                writer.append(label)
                writer.append(": ")
            }
            // Written as pieces: an interpolated `_\(index)` went through the string interpolation machinery.
            writer.append("_")
            writer.append(index)
        }
    }
}
