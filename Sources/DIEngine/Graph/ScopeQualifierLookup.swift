/// The `scope` and `qualifier` lookup of `annotations.md` §14: the type's own body and extensions, then each
/// superclass declared in the sources (nearest first), then the extensions of its declared protocols. The
/// first step that yields a value wins; different values within one step are `S37`.
struct ScopeQualifierLookup {
    let session: LinkSession

    /// One `scope`/`qualifier` declaration found by the lookup.
    struct Found<Value: Equatable> {
        /// nil when the written value is invalid (reported by the scanner as `S09`/`S10`).
        var value: Value?
        var text: String
        var location: SourceLocation
    }

    /// The scope of `type`, whose own declarations are `own`; nil means the default (or an error was reported).
    func scope(of type: String, own: [DeclarationRef], typeLocation: SourceLocation) -> Found<ScopeName>? {
        lookup(of: type, own: own, typeLocation: typeLocation, property: "scope") { fact, ref in
            fact.scopeValues.map {
                Found(value: $0.value, text: $0.text, location: session.table.location(ref, $0.position))
            }
        }
    }

    /// The qualifier of `type`; nil means none (or an error was reported).
    func qualifier(of type: String, own: [DeclarationRef], typeLocation: SourceLocation) -> Found<String>? {
        lookup(of: type, own: own, typeLocation: typeLocation, property: "qualifier") { fact, ref in
            fact.qualifierValues.map {
                Found(
                    value: $0.isValid ? $0.value : nil, text: $0.value.isEmpty ? "nil" : "\"\($0.value)\"",
                    location: session.table.location(ref, $0.position))
            }
        }
    }

    /// Step 1 only: what a factory declares itself (for the `S16` warning).
    func ownScopes(_ own: [DeclarationRef]) -> [SourceLocation] {
        own.flatMap { ref in session.table.declaration(ref).scopeValues.map { session.table.location(ref, $0.position) }
        }
    }

    private func lookup<Value: Equatable>(
        of type: String, own: [DeclarationRef], typeLocation: SourceLocation, property: String,
        facts: (DeclarationFact, DeclarationRef) -> [Found<Value>]
    ) -> Found<Value>? {
        let table = session.table
        var steps: [[DeclarationRef]] = [own]
        for superclass in session.hierarchy.superclasses[type] ?? [] {
            steps.append(table.entries[superclass]?.declarations ?? [])
        }
        steps.append(
            session.hierarchy.declaredProtocols(of: type, table: table).flatMap {
                table.entries[$0]?.extensions ?? []
            })
        for step in steps {
            let found = step.flatMap { facts(table.declaration($0), $0) }
            guard let first = found.first else { continue }
            // An invalid value was reported by the scanner (S09, S10); the default applies.
            if found.contains(where: { $0.value == nil }) { return nil }
            if found.contains(where: { $0.value != first.value }) {
                let notes = found.sorted { $0.location < $1.location }.map {
                    DiagnosticNote("'\(property)' is '\($0.text)' here", at: $0.location)
                }
                session.report(
                    .error("S37", "conflicting '\(property)' values for '\(type)'", at: typeLocation, notes: notes))
                return nil
            }
            return first
        }
        return nil
    }
}
