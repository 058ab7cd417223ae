/// `L01`–`L05`, `L07`: every dependency needs a candidate, a single dependency exactly
/// one, and factory-ness must match the rule.
struct LinkChecks {
    let graph: LinkedGraph
    /// Exact keys only: a valid graph never looks a registration up by name.
    private let keys: RegistrationKeys

    /// What a missing or ambiguous dependency's diagnostic looks up; built on the first one only.
    private struct MissingLookup {
        var index: CandidateIndex
        /// Types with at least one registration of this module.
        var registeredTypes: Set<String>

        init(graph: LinkedGraph) {
            index = CandidateIndex(graph: graph)
            registeredTypes = Set(graph.registrations.indices.map { graph.registrations[$0].id.typeName })
        }
    }

    /// `keys`: the graph's (`Validator` shares them between its checks); made here when nil.
    init(graph: LinkedGraph, keys: RegistrationKeys? = nil) {
        self.graph = graph
        self.keys = keys ?? RegistrationKeys(graph: graph)
    }

    /// The diagnostics of `Validator.checkedDependencies(of: graph)`, in order.
    func run() -> [Diagnostic] {
        var lookup: MissingLookup?
        var diagnostics: [Diagnostic] = []
        Validator.forEachCheckedDependency(of: graph) { dependency in
            if let problem = check(dependency, missingLookup: &lookup) { diagnostics.append(problem) }
        }
        return diagnostics
    }

    /// The link diagnostic of one dependency; nil when it is satisfied (or its qualifier property is missing).
    func check(_ dependency: Dependency) -> Diagnostic? {
        var lookup: MissingLookup?
        return withUnsafePointer(to: dependency) { check($0, missingLookup: &lookup) }
    }

    /// Fields read through the address: a satisfied dependency, almost every one, is not copied.
    private func check(_ address: UnsafePointer<Dependency>, missingLookup: inout MissingLookup?) -> Diagnostic? {
        // A `qualifierBy` property that is missing or not a value gets P01/P03 and no link check.
        if let path = address.pointee.qualifierBy, LinkResolution.qualifier(at: path, in: graph.properties) == nil {
            return nil
        }
        // Counted in place: a valid dependency needs no list of its candidates' entries.
        var (matches, factories) = (0, 0)
        for candidate in address.pointee.candidates {
            guard let key = keys[candidate] else { continue }
            matches += Int(key.count)
            factories += Int(key.factories)
        }
        let isArray = address.pointee.isArray
        let isPayload = address.pointee.isPayload
        if matches > 0 && (isArray || address.pointee.candidates.count == 1)
            && (isPayload ? factories >= matches : factories == 0)
        {
            return nil
        }
        let dependency = address.pointee
        let name = dependency.typeName
        if matches == 0 {
            let lookup = missingLookup ?? MissingLookup(graph: graph)
            missingLookup = lookup
            return missing(dependency, lookup: lookup)
        }
        if !dependency.isArray && dependency.candidates.count > 1 {
            let lookup = missingLookup ?? MissingLookup(graph: graph)
            missingLookup = lookup
            let entries = dependency.candidates.flatMap { lookup.index.exactMatches($0) }
            let notes = entries.map { entry in
                let qualifier = entry.id.qualifier
                return qualifier.isEmpty
                    ? DiagnosticNote(.candidate, entry.id.typeName, at: entry.location)
                    : DiagnosticNote(.qualifiedCandidate, entry.id.typeName, qualifier, at: entry.location)
            }.sortedByLocation()
            return Diagnostic(
                .ambiguousImplementation, name, String(dependency.candidates.count),
                at: dependency.location, notes: notes)
        }
        if !dependency.isPayload && factories > 0 {
            return Diagnostic(
                .factoryAsDependency, name,
                at: dependency.location)
        }
        if dependency.isPayload && factories < matches {
            return Diagnostic(
                .notAFactory, name,
                at: dependency.location)
        }
        return nil
    }

    /// No candidate: `L07` for arrays, `L05` for a declared type that is not registered at all, else `L01`.
    private func missing(_ dependency: Dependency, lookup: MissingLookup) -> Diagnostic {
        let registeredTypes = lookup.registeredTypes
        let name = dependency.typeName
        if dependency.isArray {
            return Diagnostic(
                .emptyArray, name,
                at: dependency.location)
        }
        if let declared = graph.types[name], let kind = declared.kind, kind != .protocol,
            !registeredTypes.contains(name)
        {
            var notes = [DiagnosticNote(.declaredHere, name, at: declared.location)]
            if let base = declared.superclasses.first(where: registeredTypes.contains) {
                let location = graph.registrations.first { $0.id.typeName == base }?.location
                notes.append(DiagnosticNote(.registrationNotInherited, base, at: location))
            }
            return Diagnostic(
                .notRegistered, name,
                at: dependency.location, notes: notes)
        }
        let qualifier = dependency.effectiveQualifier
        var notes = lookup.index.candidates(for: name, qualifier: "").map { entry in
            let qualifier = entry.id.qualifier
            return qualifier.isEmpty
                ? DiagnosticNote(.registeredWithoutQualifier, entry.id.typeName, at: entry.location)
                : DiagnosticNote(.registeredWithQualifier, entry.id.typeName, qualifier, at: entry.location)
        }
        if let label = dependency.qualifierFromLabel {
            notes.append(DiagnosticNote(.labelIsQualifier, label, at: dependency.location))
        }
        let (message, values): (DiagnosticMessage, [String]) =
            if qualifier.isEmpty {
                (.noImplementation, [name])
            } else if let path = dependency.qualifierBy {
                (.noImplementationFromProperty, [name, qualifier, path])
            } else {
                (.noQualifiedImplementation, [name, qualifier])
            }
        return Diagnostic(message, values: values, at: dependency.location, notes: notes.sortedByLocation())
    }
}
