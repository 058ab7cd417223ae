/// Renders `Deli.resolved`: this module's registrations, their dependencies and links,
/// and the merged properties, so that other modules can depend on them.
enum ResolvedFileRenderer {
    /// Deli's format version, kept so that Deli can read the file.
    static let version = "0.9.0"
    static let format = "dibuild-1"

    static func render(_ graph: LinkedGraph, project: String, reference: String) -> String {
        // About 210 bytes per registration in practice.
        var writer = CodeWriter(indentUnit: "  ", reservingCapacity: 256 * graph.registrations.count)
        writer.line("VERSION: \(version)")
        writer.line("FORMAT: \(format)")
        // Indices, not copies: a copy of each registration cost about as much as rendering it.
        let all = graph.registrations
        var order = all.indices.filter { all[$0].kind != .imported }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            all[lhs].id != all[rhs].id ? all[lhs].id < all[rhs].id : lhs < rhs
        }
        if !zip(order, order.dropFirst()).allSatisfy({ precedes($0, $1) }) { order.sort(by: precedes) }
        if order.isEmpty {
            writer.line("DEPENDENCY: []")
        } else {
            writer.line("DEPENDENCY:")
            // Lent through the buffer, not copied out of the array (`FactoryRenderer`).
            all.withUnsafeBufferPointer { all in
                for index in order { appendEntry(all[index], to: &writer) }
            }
        }
        appendProperties(graph.properties, to: &writer)
        writer.line("PROJECT: \(YAMLScalarText.string(project))")
        writer.line("REFERENCE: \(YAMLScalarText.string(reference))")
        return writer.text
    }

    private static func appendEntry(_ registration: Registration, to writer: inout CodeWriter) {
        let lazy = registration.kind == .lazyAutowired || registration.kind == .lazyFactory
        writer.line("- TYPE: \(YAMLScalarText.string(registration.id.typeName))")
        writer.indented { writer in
            writer.line("QUALIFIER: \(YAMLScalarText.string(registration.id.qualifier))")
            writer.line("LAZILY: \(lazy)")
            writer.line("FACTORY: \(registration.isFactory)")
            writer.line("VALUE_TYPE: \(registration.isValueType)")
            let dependencies = ResolvedDependency.list(registration.dependencies)
            if dependencies.isEmpty {
                writer.line("DEPENDENCY: []")
            } else {
                writer.line("DEPENDENCY:")
                for dependency in dependencies { dependency.append(to: &writer) }
            }
            let links = RegistrationRenderer.sortedUnique(registration.links)
            if links.isEmpty {
                writer.line("LINK: []")
            } else {
                writer.line("LINK:")
                for link in links { writer.line("- \(YAMLScalarText.string(link))") }
            }
        }
    }

    private static func appendProperties(_ properties: PropertyNode, to writer: inout CodeWriter) {
        YAMLPropertyWriter.append(properties, key: "PROPERTY", to: &writer)
    }
}

/// One entry of a registration's `DEPENDENCY` list in the resolved file.
struct ResolvedDependency: Hashable {
    var typeName: String
    var qualifier: String
    var qualifierBy: String?
    var isArray: Bool
    var isPayload: Bool

    /// Sorted by all fields, duplicates removed.
    static func list(_ dependencies: [Dependency]) -> [ResolvedDependency] {
        let entries = dependencies.map {
            ResolvedDependency(
                typeName: $0.typeName, qualifier: $0.qualifier, qualifierBy: $0.qualifierBy, isArray: $0.isArray,
                isPayload: $0.isPayload)
        }
        guard entries.count > 1 else { return entries }
        // ASCII entries are equal exactly when their bytes are, so equal ones are neighbours once sorted: no
        // set needed. Other text goes through a set, which also merges canonically equivalent spellings.
        guard entries.allSatisfy(\.isASCII) else { return Set(entries).sorted(by: precedes) }
        var unique: [ResolvedDependency] = []
        for entry in entries.sorted(by: precedes) where unique.last != entry { unique.append(entry) }
        return unique
    }

    private var isASCII: Bool {
        ByteOrder.isASCII(typeName) && ByteOrder.isASCII(qualifier) && qualifierBy.map(ByteOrder.isASCII) != false
    }

    /// Field by field in byte order: an absent `qualifierBy` before any present one, `false` before `true`.
    /// Compares in place, without building a key per comparison.
    private static func precedes(_ lhs: Self, _ rhs: Self) -> Bool {
        if let order = textOrder(lhs.typeName, rhs.typeName) { return order }
        if let order = textOrder(lhs.qualifier, rhs.qualifier) { return order }
        switch (lhs.qualifierBy, rhs.qualifierBy) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let left?, let right?): if let order = textOrder(left, right) { return order }
        case (nil, nil): break
        }
        if lhs.isArray != rhs.isArray { return rhs.isArray }
        return !lhs.isPayload && rhs.isPayload
    }

    /// Whether `lhs` precedes `rhs` in byte order; nil when their bytes are equal.
    private static func textOrder(_ lhs: String, _ rhs: String) -> Bool? {
        if textPrecedes(lhs, rhs) { return true }
        return textPrecedes(rhs, lhs) ? false : nil
    }

    private static func textPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    func append(to writer: inout CodeWriter) {
        writer.line("- TYPE: \(YAMLScalarText.string(typeName))")
        writer.indented { writer in
            writer.line("QUALIFIER: \(YAMLScalarText.string(qualifier))")
            if let qualifierBy { writer.line("QUALIFIER_BY: \(YAMLScalarText.string(qualifierBy))") }
            if isArray { writer.line("ARRAY: true") }
            if isPayload { writer.line("PAYLOAD: true") }
        }
    }
}
