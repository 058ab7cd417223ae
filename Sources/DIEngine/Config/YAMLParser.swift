import CYaml

/// Parses one YAML stream with libyaml's event API into a `YAMLNode` tree: anchors
/// and aliases expanded under a node budget, `<<` merge keys applied, at most one document.
enum YAMLParser {
    /// Expanded nodes allowed per file, so an alias bomb fails fast instead of exhausting memory.
    static let maximumNodeCount = 1_000_000
    /// Nesting allowed per file; later stages walk the tree recursively.
    static let maximumDepth = 1_000

    /// Reads and parses the file `path` (a display path, resolved against `currentDirectory` when
    /// relative and a directory is given). `.json` files get their surrogate pairs rewritten first.
    /// Returns nil for a stream without a document.
    static func parseFile(_ path: String, currentDirectory: String? = nil) -> YAMLParse {
        let location = LocalDisk.fileSystemPath(path, relativeTo: currentDirectory)
        switch LocalDisk.contents(of: location) {
        case .failure(let error):
            return .failure(.unreadable(path: path, reason: error.reason))
        case .success(let bytes):
            let isJSON = path.lowercased().hasSuffix(".json")
            return parse(isJSON ? JSONSurrogates.rewrite(bytes) : bytes, path: path)
        }
    }

    /// Parses `bytes`; `path` is only used in errors.
    static func parse(_ bytes: [UInt8], path: String) -> YAMLParse {
        let input = UTF16Input.transcoded(bytes)
        if input.isEmpty { return .success(nil) }
        let positions = TextPositions(input)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(.invalid(path: path, problem: "out of memory", line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        return input.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .success(nil) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var builder = YAMLTreeBuilder(path: path, positions: positions)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failure(libyamlError(parser, path: path, positions: builder.positions))
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return .success(builder.root) }
                if let error = builder.handle(event) { return .failure(error) }
            }
        }
    }

    private static func libyamlError(_ parser: yaml_parser_t, path: String, positions: TextPositions) -> YAMLLoadError {
        var positions = positions
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let place: (line: Int, column: Int)
        switch parser.error {
        case YAML_READER_ERROR:
            place = positions.position(byteOffset: Int(parser.problem_offset))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            place = positions.position(
                line: Int(parser.problem_mark.line), characterColumn: Int(parser.problem_mark.column))
        default:
            place = (1, 1)
        }
        return .invalid(path: path, problem: problem, line: place.line, column: place.column)
    }
}

/// libyaml detects UTF-16 by its byte-order mark; transcoding it to UTF-8 up front keeps byte columns
/// meaningful. Anything else is passed through for libyaml to judge.
private enum UTF16Input {
    static func transcoded(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return bytes
        }
        guard bytes.count % 2 == 0 else { return bytes }
        let units = stride(from: 2, to: bytes.count, by: 2).map { index -> UInt16 in
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return UInt16(high) << 8 | UInt16(low)
        }
        var output: [UInt8] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): output.append(contentsOf: Array(String(scalar).utf8))
            case .emptyInput: break loop
            case .error: return bytes
            }
        }
        return output
    }
}
