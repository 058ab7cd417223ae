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
    /// Outgoing edges per registration, in dependency order.
    let edges: [[Edge]]

    /// `keys`: the graph's (`Validator` shares them between its checks); made here when nil. A key's node
    /// is its first local registration.
    init(graph: LinkedGraph, keys: RegistrationKeys? = nil) {
        self.graph = graph
        let registrations = graph.registrations
        let nodes = keys ?? RegistrationKeys(graph: graph)
        // By index: a copy of each registration cost more than finding its edges.
        edges = registrations.indices.map { Self.edges(of: $0, in: registrations, nodes: nodes) }
    }

    private static func edges(of index: Int, in registrations: [Registration], nodes: RegistrationKeys)
        -> [Edge]
    {
        guard !registrations[index].dependenciesUnknown else { return [] }
        var edges: [Edge] = []
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
                edges.append(
                    Edge(target: target, location: dependencies[position].location, isPrototypeInjection: isInjection))
            }
        }
        if registrations[index].kind == .config, let configuration = registrations[index].configurationType,
            let target = nodes.firstLocal(RegistrationID(typeName: configuration, qualifier: ""))
        {
            edges.append(Edge(target: target, location: registrations[index].location, isPrototypeInjection: false))
        }
        return edges
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
        StronglyConnectedComponents.find(successors: edges.map { $0.map(\.target) }).compactMap { component in
            guard let first = component.min() else { return nil }
            let isCycle = component.count > 1 || edges[first].contains { $0.target == first }
            guard isCycle, let path = shortestCycle(through: first, within: Set(component)) else { return nil }
            return diagnostic(for: path)
        }
    }

    /// Breadth-first from `start`, successors in registration order; the path starts and ends with `start`.
    func shortestCycle(through start: Int, within component: Set<Int>) -> [Int]? {
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in Set(edges[node].map(\.target)).sorted() where component.contains(successor) {
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
            guard let edge = edges[source].first(where: { $0.target == target }) else { continue }
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
    static func find(successors: [[Int]]) -> [[Int]] {
        let count = successors.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        for root in 0..<count where index[root] < 0 {
            // Each frame: node and the position of the next successor to visit.
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.next < successors[node].count {
                    frames[frames.count - 1].next += 1
                    let successor = successors[node][frame.next]
                    if index[successor] < 0 {
                        index[successor] = nextIndex
                        lowLink[successor] = nextIndex
                        nextIndex += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                if lowLink[node] == index[node] {
                    var component: [Int] = []
                    while let top = stack.popLast() {
                        onStack[top] = false
                        component.append(top)
                        if top == node { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }
}
