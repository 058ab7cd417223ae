/// The validate stage: link checks (`L01`–`L07`), cycles (`Y01`) and property
/// checks (`P01`–`P03`) over a linked graph. Every error is reported; the caller's
/// `DiagnosticReport` does the final sort.
enum Validator {
    /// - Parameter checkProperties: false skips `P01`–`P03`, for runs whose property files failed to load.
    static func validate(_ graph: LinkedGraph, checkProperties: Bool = true) -> [Diagnostic] {
        let dependencies = checkedDependencies(of: graph)
        let propertyDiagnostics = checkProperties ? PropertyChecks(graph: graph).run(dependencies) : []
        return LinkChecks(graph: graph).run(dependencies) + DuplicateRegistrations.check(graph)
            + CycleDetection(graph: graph).run() + propertyDiagnostics
    }

    /// The dependencies the checks look at: those of registrations whose dependency list is known, and those
    /// of non-registered owners.
    static func checkedDependencies(of graph: LinkedGraph) -> [Dependency] {
        graph.registrations.filter { !$0.dependenciesUnknown }.flatMap(\.dependencies) + graph.unownedDependencies
    }
}

/// `L06`: two registrations with the same key. Identical ones from different `#if` branches were merged by
/// the linker, so every remaining pair is a real duplicate.
enum DuplicateRegistrations {
    static func check(_ graph: LinkedGraph) -> [Diagnostic] {
        var first: [RegistrationID: SourceLocation?] = [:]
        first.reserveCapacity(graph.registrations.count)
        var diagnostics: [Diagnostic] = []
        for registration in graph.registrations {
            guard let previous = first[registration.id] else {
                first[registration.id] = .some(registration.location)
                continue
            }
            let id = registration.id
            let notes = [DiagnosticNote(.previousRegistration, at: previous)]
            diagnostics.append(
                id.qualifier.isEmpty
                    ? Diagnostic(.duplicateRegistration, id.typeName, at: registration.location, notes: notes)
                    : Diagnostic(
                        .duplicateQualifiedRegistration, id.typeName, id.qualifier, at: registration.location,
                        notes: notes))
        }
        return diagnostics
    }
}
