/// Builds a `DependencyExplanation` from a linked graph, reusing the link checks' verdicts so `why` and
/// `validate` never disagree.
struct DependencyExplainer {
    /// One registration on the path from the root, and whether the edge leaving it can close a cycle.
    private struct Step {
        var id: RegistrationID
        var closesCycles: Bool
    }

    private let graph: LinkedGraph
    private let checks: LinkChecks
    private let index: CandidateIndex
    private var registrations: [RegistrationID: Registration] = [:]
    private var expanded: Set<RegistrationID> = []

    enum Outcome {
        case explained(DependencyExplanation)
        case unknown(Diagnostic)
    }

    init(graph: LinkedGraph) {
        self.graph = graph
        checks = LinkChecks(graph: graph)
        index = CandidateIndex(graph: graph)
        for registration in graph.registrations + graph.importedRegistrations
        where registrations[registration.id] == nil {
            registrations[registration.id] = registration
        }
    }

    /// The explanation of `typeName` (restricted to `qualifier`), or an error when nothing in the target
    /// registers or provides it.
    static func explain(typeName: String, qualifier: String?, in graph: LinkedGraph, target: String)
        -> Outcome
    {
        var explainer = DependencyExplainer(graph: graph)
        let own = explainer.registrations.keys.filter { $0.typeName == typeName }
        var roots = own.filter { qualifier == nil || $0.qualifier == qualifier }.sorted()
        var viaSupertype = false
        if roots.isEmpty && !own.isEmpty, let qualifier {
            let known = own.sorted().map { $0.qualifier.isEmpty ? "none" : "'\($0.qualifier)'" }
            return .unknown(Diagnostic(.unknownQualifier, typeName, qualifier, known.joined(separator: ", ")))
        }
        if roots.isEmpty {
            roots = CandidateIndex.ids(explainer.index.candidates(for: typeName, qualifier: qualifier ?? ""))
            viaSupertype = !roots.isEmpty
        }
        var nodes = roots.map { explainer.node($0, path: []) }
        if nodes.isEmpty {
            let owned = graph.unownedDependencies.filter { $0.ownerTypeName == typeName }
            if !owned.isEmpty {
                nodes = [explainer.unregisteredNode(typeName, dependencies: owned)]
            } else if let declared = graph.types[typeName] {
                return .unknown(
                    Diagnostic(
                        .declaredNotRegistered, typeName,
                        at: declared.location))
            } else {
                return .unknown(
                    Diagnostic(.unknownType, typeName, target))
            }
        }
        return .explained(
            DependencyExplanation(typeName: typeName, qualifier: qualifier, viaSupertype: viaSupertype, roots: nodes))
    }

    private mutating func node(_ id: RegistrationID, path: [Step]) -> DependencyExplanation.Node {
        let registration = registrations[id]
        func leaf(_ expansion: DependencyExplanation.Node.Expansion) -> DependencyExplanation.Node {
            DependencyExplanation.Node(id: id, registration: registration, expansion: expansion, dependencies: [])
        }
        if let start = path.firstIndex(where: { $0.id == id }) {
            var loop = leaf(path[start...].allSatisfy(\.closesCycles) ? .cycle : .lazyCycle)
            loop.cycle = path[start...].map(\.id) + [id]
            return loop
        }
        guard expanded.insert(id).inserted else { return leaf(.seenAbove) }
        guard let registration, registration.kind != .imported else { return leaf(.imported) }
        guard !registration.dependenciesUnknown else { return leaf(.unknown) }
        let injected = Set(registration.injectorArguments.map(\.dependency.location))
        let edges = registration.dependencies.map { dependency in
            let closes = CycleDetection.isCycleEdge(dependency, of: registration, injected: injected)
            return edge(dependency, path: path + [Step(id: id, closesCycles: closes)])
        }
        return DependencyExplanation.Node(id: id, registration: registration, expansion: .expanded, dependencies: edges)
    }

    private mutating func unregisteredNode(_ typeName: String, dependencies: [Dependency])
        -> DependencyExplanation.Node
    {
        let id = RegistrationID(typeName: typeName, qualifier: "")
        let edges = dependencies.map { edge($0, path: [Step(id: id, closesCycles: $0.isEager)]) }
        return DependencyExplanation.Node(id: id, registration: nil, expansion: .expanded, dependencies: edges)
    }

    private mutating func edge(_ dependency: Dependency, path: [Step]) -> DependencyExplanation.Edge {
        if let property = dependency.qualifierBy,
            LinkResolution.qualifier(at: property, in: graph.properties) == nil
        {
            let reason = "the qualifier comes from property '\(property)', which is missing or not a value"
            return DependencyExplanation.Edge(
                dependency: dependency, status: .qualifierPropertyMissing, diagnostic: nil, satisfiedBy: [],
                rejected: considered(dependency).map { .init(id: $0.id, location: $0.location, reason: reason) })
        }
        let diagnostic = checks.check(dependency)
        let status: DependencyExplanation.Status =
            switch diagnostic?.code {
            case nil: .satisfied
            case "L02": .ambiguous
            case "L03", "L04": .factoryMisuse
            case "L05": .notRegistered
            case "L07": .emptyArray
            default: .missing
            }
        let chosen = status == .factoryMisuse ? [] : dependency.candidates
        let satisfiedBy = chosen.map { node($0, path: path) }
        let rejected = considered(dependency).compactMap { entry -> DependencyExplanation.Rejection? in
            guard let reason = rejection(of: entry, for: dependency, status: status) else { return nil }
            return .init(id: entry.id, location: entry.location, reason: reason)
        }
        return DependencyExplanation.Edge(
            dependency: dependency, status: status, diagnostic: diagnostic, satisfiedBy: satisfiedBy,
            rejected: rejected)
    }

    /// Every registration of the type or a subtype, whatever its qualifier, by id.
    private func considered(_ dependency: Dependency) -> [CandidateIndex.Entry] {
        var seen: Set<RegistrationID> = []
        let exact = index.exactMatches(
            RegistrationID(typeName: dependency.typeName, qualifier: dependency.effectiveQualifier))
        return (exact + index.candidates(for: dependency.typeName, qualifier: ""))
            .filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    private func rejection(
        of entry: CandidateIndex.Entry, for dependency: Dependency, status: DependencyExplanation.Status
    ) -> String? {
        let name = dependency.typeName
        if dependency.candidates.contains(entry.id) {
            guard status == .factoryMisuse else { return nil }
            if entry.isFactory && !dependency.isPayload {
                return "is a factory: request it with 'Inject(\(name).self, with: ...)'"
            }
            if !entry.isFactory && dependency.isPayload {
                return "is not a factory: 'with:' needs an AutowiredFactory or LazyAutowiredFactory"
            }
            return "matches"
        }
        let wanted = dependency.effectiveQualifier
        if entry.id.qualifier != wanted {
            let has = entry.id.qualifier.isEmpty ? "has no qualifier" : "has qualifier '\(entry.id.qualifier)'"
            return wanted.isEmpty ? "\(has); an exact registration was preferred" : "\(has), not '\(wanted)'"
        }
        return dependency.isExactMatch ? "an exact registration of '\(name)' was preferred" : nil
    }
}
