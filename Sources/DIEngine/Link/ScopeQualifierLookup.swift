/// The `scope` and `qualifier` lookup for one type: its own body and extensions, then
/// each superclass declared in the sources (nearest first), then the extensions of its declared protocols.
/// The first step that yields a value wins; different values within one step are `S37`.
struct ScopeQualifierLookup {
    let session: LinkSession
    let type: String
    let typeLocation: SourceLocation
    /// The declarations of each step, in lookup order (the type's own ones first).
    private let steps: [[DeclarationRef]]

    /// One `scope`/`qualifier` declaration found by the lookup. `Value` is unconstrained here (the lookup
    /// compares values): an array of a type with a constrained parameter had its metadata looked up in a
    /// scan of every protocol conformance of the binary the first time a run made one.
    struct Found<Value> {
        /// nil when the written value is invalid (reported by the scanner as `S09`/`S10`).
        var value: Value?
        var text: String
        var location: SourceLocation
        /// The declaration that writes it.
        var ref: DeclarationRef
    }

    init(session: LinkSession, type: String, own: [DeclarationRef], typeLocation: SourceLocation) {
        self.session = session
        self.type = type
        self.typeLocation = typeLocation
        let table = session.table
        var steps: [[DeclarationRef]] = [own]
        for superclass in session.hierarchy.superclasses(of: type) {
            steps.append(Array(table.entry(superclass)?.declarations ?? []))
        }
        steps.append(
            session.hierarchy.declaredProtocols(of: type, table: table).flatMap {
                table.entry($0)?.extensions ?? []
            })
        self.steps = steps
    }

    /// The scope; nil means the default (or an error was reported).
    func scope() -> Found<ScopeName>? {
        lookup(property: "scope") { fact, ref in
            fact.scopeValues.map {
                Found(value: $0.value, text: $0.text, location: session.table.location(ref, $0.position), ref: ref)
            }
        }
    }

    /// The qualifier; nil means none (or an error was reported).
    func qualifier() -> Found<String>? {
        lookup(property: "qualifier") { fact, ref in
            fact.qualifierValues.map {
                Found(
                    value: $0.isValid ? $0.value : nil, text: $0.value.isEmpty ? "nil" : "\"\($0.value)\"",
                    location: session.table.location(ref, $0.position), ref: ref)
            }
        }
    }

    /// Step 1 only: what a factory declares itself (for the `S16` warning).
    func ownScopes() -> [SourceLocation] {
        steps[0].flatMap { ref in session.table[ref].scopeValues.map { session.table.location(ref, $0.position) } }
    }

    private func lookup<Value: Equatable>(
        property: String, facts: (DeclarationFact, DeclarationRef) -> [Found<Value>]
    ) -> Found<Value>? {
        for step in steps {
            let found = step.flatMap { facts(session.table[$0], $0) }
            guard let first = found.first else { continue }
            // An invalid value was reported by the scanner (S09, S10); the default applies.
            if found.contains(where: { $0.value == nil }) { return nil }
            if found.contains(where: { $0.value != first.value }) {
                let notes = found.sorted { $0.location < $1.location }.map {
                    DiagnosticNote(.valueHere, property, $0.text, at: $0.location)
                }
                session.report(
                    Diagnostic(.conflictingValues, property, type, at: typeLocation, notes: notes))
                return nil
            }
            return first
        }
        return nil
    }
}
