/// How a YAML scalar was written; only plain scalars are resolved by the core schema.
enum YAMLScalarStyle: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar as libyaml delivered it: its text (escapes processed), its style and its tag, if any
/// (`!!str` arrives as `tag:yaml.org,2002:str`).
struct YAMLScalar: Sendable, Equatable {
    var text: String
    var style: YAMLScalarStyle
    var tag: String? = nil

    static let stringTag = "tag:yaml.org,2002:str"

    /// The type under the YAML 1.2 core schema: quoted, literal, folded and `!!str` scalars are strings.
    var kind: ScalarKind {
        style == .plain && tag != Self.stringTag ? YAMLCoreSchema.kind(ofPlain: text) : .string
    }

    /// A plain, untagged `<<` key.
    var isMergeKey: Bool { style == .plain && text == "<<" && (tag == nil || tag == "tag:yaml.org,2002:merge") }
}

/// One node of a parsed YAML document with anchors, aliases and `<<` merge keys already expanded.
/// `line` and `column` are 1-based; the column counts UTF-8 bytes.
struct YAMLNode: Sendable, Equatable {
    struct Pair: Sendable, Equatable {
        var key: YAMLNode
        var value: YAMLNode
    }

    indirect enum Value: Sendable, Equatable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Pairs in document order (own keys first, then keys merged in through `<<`).
        case mapping([Pair])
    }

    var value: Value
    var line: Int
    var column: Int
    /// Number of nodes in this subtree, to bound alias expansion.
    var size: Int

    init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
        switch value {
        case .scalar: size = 1
        case .sequence(let items): size = items.reduce(1) { $0 + $1.size }
        case .mapping(let pairs): size = pairs.reduce(1) { $0 + $1.key.size + $1.value.size }
        }
    }

    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    func location(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
