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
        let inOrder = zip(order, order.dropFirst()).allSatisfy {
            InPlaceText.precedes(all[$0].id, all[$1].id) ?? precedes($0, $1)
        }
        if !inOrder { order.sort(by: precedes) }
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
        let dependencies = address.pointee.dependencies
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
                ResolvedDependency.appendList(dependencies, to: &writer)
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

    /// The entries of `list(dependencies)`, written. ASCII lists (nearly all) are written from the
    /// dependencies in place, in the order of their positions sorted (none when the linker delivered them in
    /// order), each written once: making an entry per dependency, then sorting and deduplicating the
    /// entries, was a third of the resolved file's time.
    static func appendList(_ dependencies: [Dependency], to writer: inout CodeWriter) {
        let inPlace = dependencies.withUnsafeBufferPointer { dependencies in
            guard let order = listOrder(dependencies) else { return false }
            let base = dependencies.baseAddress!
            // Equal neighbours are one entry, written once.
            for index in order.indices {
                guard index == 0 || precedes(base + order[index - 1], base + order[index]) != nil else { continue }
                append(base + order[index], to: &writer)
            }
            return true
        }
        if inPlace { return }
        let entries = list(dependencies)
        for index in entries.indices { entries[index].append(to: &writer) }
    }

    /// The positions of `dependencies` in `list`'s order (equal ones side by side), nil when a name is not
    /// ASCII: only for ASCII text are equal strings equal bytes, which `list` needs a set for otherwise.
    static func listOrder(_ dependencies: UnsafeBufferPointer<Dependency>) -> [Int]? {
        var sorted = true
        for index in dependencies.indices {
            let dependency = dependencies.baseAddress! + index
            guard InPlaceText.isASCII(dependency.pointee.typeName), InPlaceText.isASCII(dependency.pointee.qualifier),
                dependency.pointee.qualifierBy.map(InPlaceText.isASCII) != false
            else { return nil }
            if index > 0, precedes(dependency - 1, dependency) != true { sorted = false }
        }
        let order = Array(dependencies.indices)
        if sorted { return order }
        let base = dependencies.baseAddress!
        return order.sorted { precedes(base + $0, base + $1) == true }
    }

    /// `precedes` read from two dependencies in place; nil when their listed fields are equal.
    private static func precedes(_ lhs: UnsafePointer<Dependency>, _ rhs: UnsafePointer<Dependency>) -> Bool? {
        if let order = InPlaceText.order(lhs.pointee.typeName, rhs.pointee.typeName) { return order }
        if let order = InPlaceText.order(lhs.pointee.qualifier, rhs.pointee.qualifier) { return order }
        switch (lhs.pointee.qualifierBy, rhs.pointee.qualifierBy) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let left?, let right?): if let order = InPlaceText.order(left, right) { return order }
        case (nil, nil): break
        }
        if lhs.pointee.isArray != rhs.pointee.isArray { return rhs.pointee.isArray }
        if lhs.pointee.isPayload != rhs.pointee.isPayload { return rhs.pointee.isPayload }
        return nil
    }

    /// `append(to:)` of the dependency's entry, its fields read in place.
    private static func append(_ dependency: UnsafePointer<Dependency>, to writer: inout CodeWriter) {
        ResolvedFileRenderer.appendLine("- TYPE: ", dependency.pointee.typeName, to: &writer)
        let qualifier = dependency.pointee.qualifier
        let qualifierBy = dependency.pointee.qualifierBy
        let (isArray, isPayload) = (dependency.pointee.isArray, dependency.pointee.isPayload)
        writer.indented { writer in
            ResolvedFileRenderer.appendLine("QUALIFIER: ", qualifier, to: &writer)
            if let qualifierBy { ResolvedFileRenderer.appendLine("QUALIFIER_BY: ", qualifierBy, to: &writer) }
            if isArray { writer.line("ARRAY: true") }
            if isPayload { writer.line("PAYLOAD: true") }
        }
    }

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
