import CYaml

/// Folds libyaml events into `YAMLNode`s: one frame per open collection, anchors remembered when their
/// node completes (so a node cannot alias itself), every expanded node counted against the budget.
struct YAMLTreeBuilder {
    private enum Container {
        case sequence([YAMLNode])
        case mapping([YAMLNode.Pair], pendingKey: YAMLNode?)
    }

    private struct Frame {
        var container: Container
        var line: Int
        var column: Int
        var anchor: String?
    }

    let path: String
    private(set) var positions: TextPositions
    private(set) var root: YAMLNode?
    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var nodeCount = 0
    /// Whether an alias added copies of its anchor's nodes, which the limit's message then mentions.
    private var expandedAliases = false
    private var documentCount = 0

    init(path: String, positions: TextPositions) {
        self.path = path
        self.positions = positions
    }

    /// Consumes one event; returns an error that ends the parse.
    mutating func handle(_ event: yaml_event_t) -> YAMLLoadError? {
        let place = positions.position(
            line: Int(event.start_mark.line), characterColumn: Int(event.start_mark.column))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 { return .multipleDocuments(path: path, line: place.line, column: place.column) }
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let scalar = YAMLScalar(
                text: Self.string(data.value, length: Int(data.length)) ?? "", style: Self.style(data.style),
                tag: Self.string(data.tag))
            return complete(
                YAMLNode(.scalar(scalar), line: place.line, column: place.column), anchor: Self.string(data.anchor),
                at: place)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard var node = anchors[name] else { return invalid("found undefined alias '\(name)'", at: place) }
            node.line = place.line
            node.column = place.column
            nodeCount += node.size - 1
            expandedAliases = true
            return complete(node, anchor: nil, at: place)
        case YAML_SEQUENCE_START_EVENT:
            return open(.sequence([]), anchor: Self.string(event.data.sequence_start.anchor), at: place)
        case YAML_MAPPING_START_EVENT:
            return open(.mapping([], pendingKey: nil), anchor: Self.string(event.data.mapping_start.anchor), at: place)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return close(at: place)
        default:
            break
        }
        return nil
    }

    private mutating func open(_ container: Container, anchor: String?, at place: (line: Int, column: Int))
        -> YAMLLoadError?
    {
        if stack.count >= YAMLParser.maximumDepth {
            return invalid("nesting deeper than \(YAMLParser.maximumDepth) levels", at: place)
        }
        stack.append(Frame(container: container, line: place.line, column: place.column, anchor: anchor))
        return nil
    }

    private mutating func close(at place: (line: Int, column: Int)) -> YAMLLoadError? {
        guard let frame = stack.popLast() else { return nil }
        let value: YAMLNode.Value
        switch frame.container {
        case .sequence(let items):
            value = .sequence(items)
        case .mapping(let pairs, _):
            switch MergeKeys.apply(to: pairs) {
            case .success(let merged): value = .mapping(merged)
            case .failure(let failure): return invalid(failure.problem, at: (failure.line, failure.column))
            }
        }
        return complete(YAMLNode(value, line: frame.line, column: frame.column), anchor: frame.anchor, at: place)
    }

    /// Adds a finished node to its parent (or makes it the root) and registers its anchor.
    private mutating func complete(_ node: YAMLNode, anchor: String?, at place: (line: Int, column: Int))
        -> YAMLLoadError?
    {
        nodeCount += 1
        if nodeCount > YAMLParser.maximumNodeCount {
            let limit = "more than \(YAMLParser.maximumNodeCount) nodes"
            return invalid(
                expandedAliases ? limit + " after expanding aliases" : limit + ", the limit for one file", at: place)
        }
        if let anchor { anchors[anchor] = node }
        guard var frame = stack.popLast() else {
            root = node
            return nil
        }
        switch frame.container {
        case .sequence(var items):
            frame.container = .sequence([])  // drop the frame's reference so the append does not copy
            items.append(node)
            frame.container = .sequence(items)
        case .mapping(var pairs, let pendingKey):
            frame.container = .sequence([])
            if let key = pendingKey {
                pairs.append(YAMLNode.Pair(key: key, value: node))
                frame.container = .mapping(pairs, pendingKey: nil)
            } else {
                frame.container = .mapping(pairs, pendingKey: node)
            }
        }
        stack.append(frame)
        return nil
    }

    private func invalid(_ problem: String, at place: (line: Int, column: Int)) -> YAMLLoadError {
        .invalid(path: path, problem: problem, line: place.line, column: place.column)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
