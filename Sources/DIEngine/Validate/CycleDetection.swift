/// `Y01`: strongly connected components over the eager edges plus the deferred edges
/// of prototype registrations; one diagnostic per component with more than one node or a self-edge, showing
/// the shortest cycle through the component's first registration.
struct CycleDetection {
    /// One edge, with the dependency that creates it.
    struct Edge {
        var target: Int
        var location: SourceLocation?
        /// A lazy injector parameter of a prototype registration: deferred, yet part of the cycle.
        var isPrototypeInjection: Bool
    }

    let graph: LinkedGraph
    /// Every registration's edges one after the other, in dependency order: one array for the graph, not
    /// one per registration, and no edge's location retained (`edge(_:)` reads it back from the graph).
    private var targets: [Int32] = []
    /// Where each registration's edges end in `targets` (their start is the previous end).
    private var ends: [Int32] = []
    /// Per edge: the position of its dependency in the registration's list (`configurationEdge` for a
    /// `Config` call's edge to its configuration), and whether it is a prototype's lazy injection.
    private var sources: [Int32] = []
    private var injections: [Bool] = []
    private static let configurationEdge: Int32 = -1

    /// `keys`: the graph's (`Validator` shares them between its checks); made here when nil. A key's node
    /// is its first local registration.
    init(graph: LinkedGraph, keys: RegistrationKeys? = nil) {
        self.graph = graph
        let registrations = graph.registrations
        let nodes = keys ?? RegistrationKeys(graph: graph)
        ends.reserveCapacity(registrations.count)
        // By index: a copy of each registration cost more than finding its edges.
        for index in registrations.indices {
            addEdges(of: index, in: registrations, nodes: nodes)
            ends.append(Int32(targets.count))
        }
    }

    private mutating func addEdges(of index: Int, in registrations: [Registration], nodes: RegistrationKeys) {
        guard !registrations[index].dependenciesUnknown else { return }
        // Only a deferred dependency can be an injection; most registrations have none.
        let dependencies = registrations[index].dependencies
        let deferred = dependencies.indices.contains { !dependencies[$0].isEager }
        let injected = deferred ? Set(registrations[index].injectorArguments.map(\.dependency.location)) : []
        let isPrototype = registrations[index].scope == .prototype
        // Fields read in place: a copy of each dependency cost more than its edges.
        for position in dependencies.indices {
            let isEager = dependencies[position].isEager
            let isInjection = !isEager && injected.contains(dependencies[position].location)
            guard isEager || (isPrototype && isInjection) else { continue }
            for candidate in dependencies[position].candidates {
                guard let target = nodes.firstLocal(candidate) else { continue }
                addEdge(to: target, source: Int32(position), isPrototypeInjection: isInjection)
            }
        }
        if registrations[index].kind == .config, let configuration = registrations[index].configurationType,
            let target = nodes.firstLocal(RegistrationID(typeName: configuration, qualifier: ""))
        {
            addEdge(to: target, source: Self.configurationEdge, isPrototypeInjection: false)
        }
    }

    private mutating func addEdge(to target: Int, source: Int32, isPrototypeInjection: Bool) {
        targets.append(Int32(target))
        sources.append(source)
        injections.append(isPrototypeInjection)
    }

    /// The positions in `targets` of the `node`th registration's edges.
    private func edgeRange(of node: Int) -> Range<Int> {
        (node == 0 ? 0 : Int(ends[node - 1]))..<Int(ends[node])
    }

    /// The edge at `position` in `targets`, one of the `node`th registration's, with its dependency's location.
    private func edge(_ position: Int, of node: Int) -> Edge {
        let source = sources[position]
        let location =
            source == Self.configurationEdge
            ? graph.registrations[node].location : graph.registrations[node].dependencies[Int(source)].location
        return Edge(target: Int(targets[position]), location: location, isPrototypeInjection: injections[position])
    }

    /// Eager dependencies, and lazy injector parameters of prototype registrations (each resolution
    /// creates a new instance, so lazy injection cannot break the loop), can form a cycle.
    static func isCycleEdge(_ dependency: Dependency, of registration: Registration, injected: Set<SourceLocation>)
        -> Bool
    {
        dependency.isEager
            || (registration.scope == .prototype && injected.contains(dependency.location))
    }

    func run() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        StronglyConnectedComponents.forEach(targets: targets, ends: ends) { component in
            guard let first = component.min() else { return }
            let isCycle = component.count > 1 || edgeRange(of: first).contains { Int(targets[$0]) == first }
            guard isCycle, let path = shortestCycle(through: first, within: Set(component)) else { return }
            diagnostics.append(diagnostic(for: path))
        }
        return diagnostics
    }

    /// Breadth-first from `start`, successors in registration order; the path starts and ends with `start`.
    func shortestCycle(through start: Int, within component: Set<Int>) -> [Int]? {
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in Set(edgeRange(of: node).map { Int(targets[$0]) }).sorted()
            where component.contains(successor) {
                if successor == start {
                    var chain: [Int] = []
                    var current = node
                    while current != start {
                        chain.append(current)
                        current = parent[current] ?? start
                    }
                    return [start] + Array(chain.reversed()) + [start]
                }
                if parent[successor] == nil {
                    parent[successor] = node
                    queue.append(successor)
                }
            }
        }
        return nil
    }

    private func diagnostic(for path: [Int]) -> Diagnostic {
        let ids = path.map { graph.registrations[$0].id }
        var notes: [DiagnosticNote] = []
        for (source, target) in zip(path, path.dropFirst()) {
            guard let position = edgeRange(of: source).first(where: { Int(targets[$0]) == target }) else { continue }
            let edge = edge(position, of: source)
            let from = graph.registrations[source].id.displayName
            let to = graph.registrations[target].id.displayName
            notes.append(DiagnosticNote(.dependsOn, from, to, at: edge.location))
            if edge.isPrototypeInjection {
                notes.append(
                    DiagnosticNote(.lazyPrototypeInCycle, from, at: graph.registrations[source].location))
            }
        }
        let cycle = ids.map(\.displayName).joined(separator: " -> ")
        return Diagnostic(.cycle, cycle, at: graph.registrations[path[0]].location, notes: notes)
    }
}

/// Tarjan's algorithm without recursion (chains of thousands of registrations must not exhaust the stack).
enum StronglyConnectedComponents {
    /// The components of the graph whose successors are listed one node after the other (`targets`, each
    /// node's ending at `ends[node]`), each lent to `body` as it is found, its members in no particular
    /// order: a graph of thousands of nodes, nearly all their own component, makes no array per node.
    static func forEach(targets: [Int32], ends: [Int32], _ body: (ArraySlice<Int>) -> Void) {
        let count = ends.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var frames: [(node: Int, next: Int)] = []
        var nextIndex = 0
        for root in 0..<count where index[root] < 0 {
            // Each frame: node and the position in `targets` of the next successor to visit.
            frames.append((root, root == 0 ? 0 : Int(ends[root - 1])))
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.next < Int(ends[node]) {
                    frames[frames.count - 1].next += 1
                    let successor = Int(targets[frame.next])
                    if index[successor] < 0 {
                        index[successor] = nextIndex
                        lowLink[successor] = nextIndex
                        nextIndex += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, successor == 0 ? 0 : Int(ends[successor - 1])))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                if lowLink[node] == index[node] {
                    // The component is the stack from `node` up.
                    var bottom = stack.count - 1
                    while stack[bottom] != node { bottom -= 1 }
                    for member in stack[bottom...] { onStack[member] = false }
                    body(stack[bottom...])
                    stack.removeSubrange(bottom...)
                }
            }
        }
    }
}
