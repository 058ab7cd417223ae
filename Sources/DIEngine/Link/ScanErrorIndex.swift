/// Which declarations the scanner reported an error in. Such a declaration keeps its registration key,
/// but its dependency list is unknown: not checked, no links, no edges.
///
/// Facts carry positions, not ranges, so an error is attributed to the declaration owning a fact at the
/// error's position (a parameter, call, property, attribute, value…), else to the nearest preceding one.
struct ScanErrorIndex {
    private var erroneous: Set<DeclarationRef> = []

    init(sources: LinkSources) {
        // Most files have no diagnostic: they are skipped without copying (or decoding) their facts.
        for fileIndex in sources.indices where sources.hasDiagnostics(fileIndex) {
            let source = sources[fileIndex]
            let errors = Set(source.facts.diagnostics.filter { $0.severity == .error }.map(\.position))
            guard !errors.isEmpty else { continue }
            var unmatched = errors
            for (index, fact) in source.facts.declarations.enumerated() {
                let hits = Self.positions(of: fact).intersection(errors)
                if !hits.isEmpty {
                    erroneous.insert(DeclarationRef(file: fileIndex, index: index))
                    unmatched.subtract(hits)
                }
            }
            for position in unmatched {
                let preceding = source.facts.declarations.indices.last {
                    source.facts.declarations[$0].position <= position
                }
                if let preceding { erroneous.insert(DeclarationRef(file: fileIndex, index: preceding)) }
            }
        }
    }

    func hasError(_ ref: DeclarationRef) -> Bool { erroneous.contains(ref) }

    /// Every position a fact of this declaration (not of nested declarations) was recorded at.
    private static func positions(of fact: DeclarationFact) -> Set<SourcePosition> {
        var result: Set<SourcePosition> = [fact.position]
        result.formUnion(fact.inherited.map(\.position))
        for initializer in fact.initializers {
            result.insert(initializer.position)
            result.formUnion(parameterPositions(initializer.parameters))
        }
        for method in fact.injectMethods {
            result.insert(method.position)
            result.formUnion(parameterPositions(method.parameters))
        }
        result.formUnion(fact.scopeValues.map(\.position))
        result.formUnion(fact.qualifierValues.map(\.position))
        for property in fact.properties {
            result.insert(property.position)
            result.formUnion(property.wrappers.map(\.position))
        }
        for call in fact.configCalls {
            result.insert(call.position)
            result.formUnion(call.dependencyPositions)
        }
        result.formUnion(fact.injectCalls.map(\.position))
        result.formUnion(fact.injectPropertyCalls.map(\.position))
        result.formUnion(fact.typealiases.map(\.position))
        if let target = fact.configPropertyTargetPosition { result.insert(target) }
        return result
    }

    private static func parameterPositions(_ parameters: [ParameterFact]) -> [SourcePosition] {
        parameters.flatMap { [$0.position] + ($0.commentPosition.map { [$0] } ?? []) }
    }
}
