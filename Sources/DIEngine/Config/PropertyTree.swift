/// How a plain YAML scalar resolves under the YAML 1.2 core schema.
/// Quoted, literal and folded scalars are always `.string`.
enum ScalarKind: String, Codable, Sendable {
    case null, bool, int, float, string
}

/// A scalar leaf of the merged property tree.
struct PropertyScalar: Sendable, Equatable, Hashable {
    /// The scalar's value as libyaml delivered it (original text for plain scalars).
    var text: String
    var kind: ScalarKind

    /// The text written into the factory and converted by the runtime: `""` for null,
    /// `true`/`false` for booleans, the original text for numbers, the value for strings.
    var emittedText: String {
        switch kind {
        case .null: ""
        case .bool: text.lowercased() == "true" ? "true" : "false"
        case .int, .float, .string: text
        }
    }
}

/// A node of the merged property tree; every node remembers where it was defined.
struct PropertyNode: Sendable, Equatable {
    indirect enum Value: Sendable, Equatable {
        case scalar(PropertyScalar)
        case mapping([String: PropertyNode])
        case list([PropertyNode])
    }

    var value: Value
    var origin: SourceLocation?

    init(_ value: Value, origin: SourceLocation? = nil) {
        self.value = value
        self.origin = origin
    }

    static let emptyMapping = PropertyNode(.mapping([:]))

    var scalar: PropertyScalar? {
        if case .scalar(let s) = value { return s }
        return nil
    }

    /// Keys in byte order of their UTF-8 text, as every output wants them.
    var sortedEntries: [(key: String, node: PropertyNode)] {
        guard case .mapping(let map) = value else { return [] }
        return map.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { (key: $0.key, node: $0.value) }
    }
}
