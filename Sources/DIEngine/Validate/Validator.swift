/// The validate stage: link checks (`L01`–`L07`), cycles (`Y01`) and property
/// checks (`P01`–`P03`) over a linked graph. Every error is reported; the caller's
/// `DiagnosticReport` does the final sort.
enum Validator {
    /// - Parameter checkProperties: false skips `P01`–`P03`, for runs whose property files failed to load.
    static func validate(_ graph: LinkedGraph, checkProperties: Bool = true) -> [Diagnostic] {
        let propertyDiagnostics = checkProperties ? PropertyChecks(graph: graph).run() : []
        // One table of the keys for the three checks that look registrations up by key.
        let keys = RegistrationKeys(graph: graph)
        return LinkChecks(graph: graph, keys: keys).run() + DuplicateRegistrations.check(graph, keys: keys)
            + CycleDetection(graph: graph, keys: keys).run() + propertyDiagnostics
    }

    /// The dependencies the checks look at: those of registrations whose dependency list is known, and those
    /// of non-registered owners.
    static func checkedDependencies(of graph: LinkedGraph) -> [Dependency] {
        var dependencies: [Dependency] = []
        forEachCheckedDependency(of: graph) { dependencies.append($0.pointee) }
        return dependencies
    }

    /// Calls `body` with the address of each of `checkedDependencies(of:)` in turn (valid during the call),
    /// without copying the registrations (a copy of every registration per check cost more than the checks)
    /// or the dependencies: an element handed over by value was copied, a retain per field.
    static func forEachCheckedDependency(of graph: LinkedGraph, _ body: (UnsafePointer<Dependency>) -> Void) {
        let registrations = graph.registrations
        for index in registrations.indices where !registrations[index].dependenciesUnknown {
            registrations[index].dependencies.withUnsafeBufferPointer { dependencies in
                for position in dependencies.indices { body(dependencies.baseAddress! + position) }
            }
        }
        graph.unownedDependencies.withUnsafeBufferPointer { dependencies in
            for position in dependencies.indices { body(dependencies.baseAddress! + position) }
        }
    }
}

/// `L06`: two registrations with the same key. Identical ones from different `#if` branches were merged by
/// the linker, so every remaining pair is a real duplicate.
enum DuplicateRegistrations {
    static func check(_ graph: LinkedGraph, keys: RegistrationKeys? = nil) -> [Diagnostic] {
        let keys = keys ?? RegistrationKeys(graph: graph)
        let registrations = graph.registrations
        var diagnostics: [Diagnostic] = []
        for index in registrations.indices {
            // Most keys belong to one registration: only those of several are looked up.
            let id = registrations[index].id
            guard let previous = keys.firstLocal(id), previous != index else { continue }
            let location = registrations[index].location
            let notes = [DiagnosticNote(.previousRegistration, at: registrations[previous].location)]
            diagnostics.append(
                id.qualifier.isEmpty
                    ? Diagnostic(.duplicateRegistration, id.typeName, at: location, notes: notes)
                    : Diagnostic(
                        .duplicateQualifiedRegistration, id.typeName, id.qualifier, at: location, notes: notes))
        }
        return diagnostics
    }
}
