/// How a plain YAML scalar resolves under the YAML 1.2 core schema.
/// Quoted, literal and folded scalars are always `.string`.
public enum ScalarKind: String, Codable, Sendable {
    case null, bool, int, float, string
}

/// A scalar leaf of the merged property tree.
public struct PropertyScalar: Sendable, Equatable, Hashable {
    /// The scalar's value as libyaml delivered it (original text for plain scalars).
    public var text: String
    public var kind: ScalarKind

    public init(text: String, kind: ScalarKind) {
        self.text = text
        self.kind = kind
    }

    /// The text written into the factory and converted by the runtime: `""` for null,
    /// `true`/`false` for booleans, the original text for numbers, the value for strings.
    public var emittedText: String {
        switch kind {
        case .null: ""
        case .bool: text.lowercased() == "true" ? "true" : "false"
        case .int, .float, .string: text
        }
    }
}

/// A node of the merged property tree; every node remembers where it was defined.
public struct PropertyNode: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case scalar(PropertyScalar)
        case mapping([String: PropertyNode])
        case list([PropertyNode])
    }

    public var value: Value
    public var origin: SourceLocation?

    public init(_ value: Value, origin: SourceLocation? = nil) {
        self.value = value
        self.origin = origin
    }

    public static let emptyMapping = PropertyNode(.mapping([:]))

    public var scalar: PropertyScalar? {
        if case .scalar(let s) = value { return s }
        return nil
    }

    /// Keys in byte order of their UTF-8 text, as every output wants them.
    public var sortedEntries: [(key: String, node: PropertyNode)] {
        guard case .mapping(let map) = value else { return [] }
        return map.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { (key: $0.key, node: $0.value) }
    }
}
