extension GraphExport {
    /// `{"format": "dibuild-graph-1", "registrations": […], "dependencies": […]}` with keys in the documented
    /// order and two-space indentation.
    static func json(_ graph: LinkedGraph) -> String {
        let registrations = sortedRegistrations(graph).map { registration -> JSONValue in
            var fields: [(String, JSONValue)] = [
                ("id", .string(registration.id.description)),
                ("type", .string(registration.id.typeName)),
                ("qualifier", .string(registration.id.qualifier)),
                ("kind", .string(registration.kind.rawValue)),
                ("scope", .string(registration.scope.rawValue)),
            ]
            if let location = registration.location { fields.append(("location", .string(describe(location)))) }
            fields.append(("links", .array(registration.links.map(JSONValue.string))))
            return .object(fields)
        }
        let dependencies = ownedDependencies(graph).map { owned -> JSONValue in
            let dependency = owned.dependency
            var fields: [(String, JSONValue)] = [
                ("owner", .string(owned.owner)),
                ("type", .string(dependency.typeName)),
                ("qualifier", .string(dependency.qualifier)),
                ("qualifierBy", dependency.qualifierBy.map(JSONValue.string) ?? .null),
                ("array", .bool(dependency.isArray)),
                ("payload", .bool(dependency.isPayload)),
                ("eager", .bool(dependency.isEager)),
            ]
            // Dependencies of imported registrations were declared in another module's sources.
            if !owned.isImported {
                fields.append(("location", .string(describe(dependency.location))))
            }
            fields.append(("candidates", .array(dependency.candidates.map { .string($0.description) })))
            return .object(fields)
        }
        let document = JSONValue.object([
            ("format", .string("dibuild-graph-1")),
            ("registrations", .array(registrations)),
            ("dependencies", .array(dependencies)),
        ])
        return document.rendered(indent: "") + "\n"
    }
}

/// A JSON value whose object keys keep their order.
indirect enum JSONValue {
    case string(String)
    case bool(Bool)
    case number(Int)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return Self.quoted(text)
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return String(value)
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            let lines = fields.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// Without whitespace, for data embedded in a page.
    var compact: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .bool(let value): value ? "true" : "false"
        case .number(let value): String(value)
        case .null: "null"
        case .array(let items): "[" + items.map(\.compact).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.map { Self.quoted($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        let body = ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u" + fourHexDigits(scalar.value) : nil
            }
        }
        return "\"" + body + "\""
    }

    private static func fourHexDigits(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}
