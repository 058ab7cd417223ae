/// `P01`–`P03`: property paths the sources read must exist (unless optional) and hold
/// a value that converts to the declared type.
struct PropertyChecks {
    let graph: LinkedGraph

    /// The property uses' diagnostics, then those of the `qualifierBy` paths of
    /// `Validator.checkedDependencies(of: graph)`.
    func run() -> [Diagnostic] {
        var diagnostics = graph.propertyUses.compactMap(check)
        Validator.forEachCheckedDependency(of: graph) { dependency in
            guard let path = dependency.pointee.qualifierBy else { return }
            let location = dependency.pointee.location
            if let problem = check(PropertyUse(path: path, requirement: .scalar, location: location)) {
                diagnostics.append(problem)
            }
        }
        return diagnostics
    }

    private func check(_ use: PropertyUse) -> Diagnostic? {
        let path = use.path
        switch PropertyPath.lookup(path, in: graph.properties) {
        case .malformed:
            // The scanner reported `S39` at the literal.
            return nil
        case .notFound:
            switch use.requirement {
            case .scalar:
                return Diagnostic(.propertyNotFound, path, at: use.location)
            case .field(let field, let owner, _, let isOptional):
                if isOptional { return nil }
                return Diagnostic(.fieldPropertyNotFound, path, field, owner, at: use.location)
            }
        case .found(let node):
            let setHere = node.origin.map { [DiagnosticNote(.setHere, path, at: $0)] } ?? []
            guard let scalar = node.scalar else {
                let shape = if case .list = node.value { "list" } else { "mapping" }
                return Diagnostic(.propertyNotAValue, path, shape, at: use.location, notes: setHere)
            }
            guard case .field(_, _, let typeName, let isOptional) = use.requirement else { return nil }
            if scalar.kind == .null && isOptional { return nil }
            if ValueConversion.converts(scalar, to: typeName) { return nil }
            if scalar.kind == .null {
                return Diagnostic(.nullDoesNotConvert, path, typeName, at: use.location, notes: setHere)
            }
            return Diagnostic(.valueDoesNotConvert, path, scalar.text, typeName, at: use.location, notes: setHere)
        }
    }
}
