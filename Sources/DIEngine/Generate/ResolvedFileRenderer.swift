/// Renders `Deli.resolved`: this module's registrations, their dependencies and links,
/// and the merged properties, so that other modules can depend on them.
enum ResolvedFileRenderer {
    /// Deli's format version, kept so that Deli can read the file.
    static let version = "0.9.0"
    static let format = "dibuild-1"

    static func render(_ graph: LinkedGraph, project: String, reference: String) -> String {
        String(decoding: renderUTF8(graph, project: project, reference: reference), as: UTF8.self)
    }

    /// `render`'s text as the bytes written to disk.
    static func renderUTF8(_ graph: LinkedGraph, project: String, reference: String) -> [UInt8] {
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
                for index in order { appendEntry(all.baseAddress! + index, to: &writer) }
            }
        }
        appendProperties(graph.properties, to: &writer)
        writer.line("PROJECT: \(YAMLScalarText.string(project))")
        writer.line("REFERENCE: \(YAMLScalarText.string(reference))")
        return writer.bytes
    }

    /// The fields are read before the nested block: a closure capturing the registration made the
    /// optimiser copy all of it (a retain per field) per entry.
    private static func appendEntry(_ address: UnsafePointer<Registration>, to writer: inout CodeWriter) {
        // Fields read in place: `address.pointee` bound to a name would be a copy of the registration.
        let lazy = address.pointee.kind == .lazyAutowired || address.pointee.kind == .lazyFactory
        // From its two fields: the computed property took a copy of the whole registration.
        let isFactory = Registration.isFactory(
            address.pointee.kind, importedIsFactory: address.pointee.importedIsFactory)
        let isValueType = address.pointee.isValueType
        let dependencies = ResolvedDependency.list(address.pointee.dependencies)
        let links = RegistrationRenderer.sortedUnique(address.pointee.links)
        appendLine("- TYPE: ", address.pointee.id.typeName, to: &writer)
        let qualifier = address.pointee.id.qualifier
        writer.indented { writer in
            appendLine("QUALIFIER: ", qualifier, to: &writer)
            writer.line(lazy ? "LAZILY: true" : "LAZILY: false")
            writer.line(isFactory ? "FACTORY: true" : "FACTORY: false")
            writer.line(isValueType ? "VALUE_TYPE: true" : "VALUE_TYPE: false")
            if dependencies.isEmpty {
                writer.line("DEPENDENCY: []")
            } else {
                writer.line("DEPENDENCY:")
                for index in dependencies.indices { dependencies[index].append(to: &writer) }
            }
            if links.isEmpty {
                writer.line("LINK: []")
            } else {
                writer.line("LINK:")
                for index in links.indices { appendLine("- ", links[index], to: &writer) }
            }
        }
    }

    /// The line `key` + `YAMLScalarText.string(scalar)`, the scalar written straight into the line.
    static func appendLine(_ key: String, _ scalar: String, to writer: inout CodeWriter) {
        writer.line { writer in
            writer.append(key)
            YAMLScalarText.append(scalar, to: &writer)
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
        ResolvedFileRenderer.appendLine("- TYPE: ", typeName, to: &writer)
        writer.indented { writer in
            ResolvedFileRenderer.appendLine("QUALIFIER: ", qualifier, to: &writer)
            if let qualifierBy { ResolvedFileRenderer.appendLine("QUALIFIER_BY: ", qualifierBy, to: &writer) }
            if isArray { writer.line("ARRAY: true") }
            if isPayload { writer.line("PAYLOAD: true") }
        }
    }
}
