/// `L01`–`L05`, `L07` (`diagnostics.md` §4): every dependency needs a candidate, a single dependency exactly
/// one, and factory-ness must match the rule.
struct LinkChecks {
    let graph: LinkedGraph
    private let index: CandidateIndex
    /// Types with at least one registration of this module.
    private let registeredTypes: Set<String>

    init(graph: LinkedGraph) {
        self.graph = graph
        index = CandidateIndex(graph: graph)
        registeredTypes = Set(graph.registrations.map(\.id.typeName))
    }

    func run() -> [Diagnostic] {
        Validator.checkedDependencies(of: graph).compactMap(check)
    }

    /// The link diagnostic of one dependency; nil when it is satisfied (or its qualifier property is missing).
    func check(_ dependency: Dependency) -> Diagnostic? {
        // A `qualifierBy` property that is missing or not a value gets P01/P03 and no link check.
        if let path = dependency.qualifierBy, LinkResolution.qualifier(at: path, in: graph.properties) == nil {
            return nil
        }
        let name = dependency.typeName
        let entries = dependency.candidates.flatMap { index.exactMatches($0) }
        if entries.isEmpty { return missing(dependency) }
        if !dependency.isArray && dependency.candidates.count > 1 {
            let notes = entries.map { entry in
                let qualifier = entry.id.qualifier.isEmpty ? "" : " (qualifier '\(entry.id.qualifier)')"
                return DiagnosticNote(
                    "candidate '\(entry.id.typeName)'\(qualifier) registered here", at: entry.location)
            }.sortedByLocation()
            return .error(
                "L02",
                "ambiguous implementation of '\(name)': \(dependency.candidates.count) candidates; add a qualifier to choose one",
                at: dependency.location, notes: notes)
        }
        if !dependency.isPayload && entries.contains(where: \.isFactory) {
            return .error(
                "L03", "factory '\(name)' cannot be used as a plain dependency; use 'Inject(\(name).self, with: ...)'",
                at: dependency.location)
        }
        if dependency.isPayload && entries.contains(where: { !$0.isFactory }) {
            return .error(
                "L04", "'\(name)' is not a factory; 'with:' needs an AutowiredFactory or LazyAutowiredFactory",
                at: dependency.location)
        }
        return nil
    }

    /// No candidate: `L07` for arrays, `L05` for a declared type that is not registered at all, else `L01`.
    private func missing(_ dependency: Dependency) -> Diagnostic {
        let name = dependency.typeName
        if dependency.isArray {
            return .warning(
                "L07", "no implementation of '\(name)' is registered; '[\(name)]' will be empty",
                at: dependency.location)
        }
        if let declared = graph.types[name], let kind = declared.kind, kind != .protocol,
            !registeredTypes.contains(name)
        {
            var notes = [DiagnosticNote("'\(name)' declared here", at: declared.location)]
            if let base = declared.superclasses.first(where: registeredTypes.contains) {
                let location = graph.registrations.first { $0.id.typeName == base }?.location
                notes.append(DiagnosticNote("registration is not inherited from '\(base)'", at: location))
            }
            return .error(
                "L05", "'\(name)' is not registered; add 'Component' (or another DI protocol) to its declaration",
                at: dependency.location, notes: notes)
        }
        let qualifier = dependency.effectiveQualifier
        var message = "no implementation of '\(name)'"
        if !qualifier.isEmpty {
            message += " with qualifier '\(qualifier)'"
            if let path = dependency.qualifierBy { message += " (from property '\(path)')" }
        }
        var notes = index.candidates(for: name, qualifier: "").map { entry in
            let qualifier = entry.id.qualifier
            let how = qualifier.isEmpty ? "without a qualifier" : "with qualifier '\(qualifier)'"
            return DiagnosticNote("'\(entry.id.typeName)' is registered \(how) here", at: entry.location)
        }
        if let label = dependency.qualifierFromLabel {
            notes.append(
                DiagnosticNote("the argument label '\(label)' is used as the qualifier", at: dependency.location))
        }
        return .error("L01", message, at: dependency.location, notes: notes.sortedByLocation())
    }
}
