import Foundation

/// Bazel's `--execution_log_json_file`: one JSON object per spawn Bazel ran or took from the remote
/// cache, written one after another with no enclosing array. Actions found in the local action cache
/// have no spawn and are absent.
struct BazelExecutionLog {
    struct Spawn {
        /// "Executing genrule //:factory" for a genrule.
        var progressMessage: String
        var remoteCacheHit: Bool
    }

    let spawns: [Spawn]

    init(contentsOfFile path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        spawns = try Self.objects(in: data).map { object in
            guard let record = try JSONSerialization.jsonObject(with: object) as? [String: Any] else {
                throw ExampleError("\(path): a spawn is not a JSON object")
            }
            return Spawn(
                progressMessage: record["progressMessage"] as? String ?? "",
                remoteCacheHit: record["remoteCacheHit"] as? Bool ?? false)
        }
    }

    /// The spawns of the genrule `label`, such as `//:factory`.
    func spawns(ofGenrule label: String) -> [Spawn] {
        spawns.filter { $0.progressMessage == "Executing genrule " + label }
    }

    /// Whether `label` ran here rather than coming from a cache.
    func executed(_ label: String) -> Bool {
        spawns(ofGenrule: label).contains { !$0.remoteCacheHit }
    }

    func remoteCacheHit(_ label: String) -> Bool {
        let found = spawns(ofGenrule: label)
        return !found.isEmpty && found.allSatisfy(\.remoteCacheHit)
    }

    /// The top-level objects of a concatenation of JSON objects, found by counting braces outside strings.
    private static func objects(in data: Data) throws -> [Data] {
        var objects: [Data] = []
        var depth = 0
        var start = data.startIndex
        var inString = false
        var escaped = false
        for index in data.indices {
            let byte = data[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { objects.append(data[start...index]) }
                if depth < 0 { throw ExampleError("unbalanced braces in an execution log") }
            default: break
            }
        }
        return objects
    }
}
