/// `<<` merge keys: keys of the mapping itself win over merged ones, and with a list
/// of mappings earlier ones win. Own duplicate keys are kept so the property loader can report them.
enum MergeKeys {
    struct Failure: Error {
        var problem: String
        var line: Int
        var column: Int
    }

    static func apply(to pairs: [YAMLNode.Pair]) -> Result<[YAMLNode.Pair], Failure> {
        guard pairs.contains(where: { $0.key.scalar?.isMergeKey == true }) else { return .success(pairs) }
        var result = pairs.filter { $0.key.scalar?.isMergeKey != true }
        var present = Set(result.compactMap { $0.key.scalar?.text })
        for pair in pairs where pair.key.scalar?.isMergeKey == true {
            let sources: [YAMLNode]
            if case .sequence(let items) = pair.value.value { sources = items } else { sources = [pair.value] }
            for source in sources {
                guard case .mapping(let merged) = source.value else {
                    return .failure(
                        Failure(
                            problem: "a '<<' merge key needs a mapping or a list of mappings", line: source.line,
                            column: source.column))
                }
                for mergedPair in merged {
                    // Non-scalar keys are always added; the property loader rejects them with a location.
                    guard let text = mergedPair.key.scalar?.text else {
                        result.append(mergedPair)
                        continue
                    }
                    if present.insert(text).inserted { result.append(mergedPair) }
                }
            }
        }
        return .success(result)
    }
}
