/// The import section of the factory: the runtime module merged with the
/// graph's imports, each module once per condition, unconditional imports winning over conditional ones.
enum GeneratedImportList {
    static func append(_ imports: [GeneratedImport], runtimeModule: String, to writer: inout CodeWriter) {
        let merged = merge(imports + [GeneratedImport(module: runtimeModule)])
        var openCondition: String?
        for entry in merged {
            if entry.condition != openCondition {
                if openCondition != nil { writer.line("#endif") }
                if !entry.condition.isEmpty { writer.line("#if \(entry.condition)") }
                openCondition = entry.condition.isEmpty ? nil : entry.condition
            }
            writer.line((entry.testable ? "@testable " : "") + "import \(entry.module)")
        }
        if openCondition != nil { writer.line("#endif") }
    }

    /// Deduplicated and ordered: unconditional imports by module, then conditional ones by condition and
    /// module. `@testable` is kept when any contributing import of the module has it.
    static func merge(_ imports: [GeneratedImport]) -> [GeneratedImport] {
        let testableModules = Set(imports.filter(\.testable).map(\.module))
        let unconditionalModules = Set(imports.filter { $0.condition.isEmpty }.map(\.module))
        // Sorted, then equal neighbours dropped, rather than a `Set<GeneratedImport>`: the first set of this
        // type made the runtime scan every conformance record of the binary for `GeneratedImport: Hashable`.
        // Entries of one module and condition are equal (`testable` follows the module).
        let normalised = imports.filter { $0.condition.isEmpty || !unconditionalModules.contains($0.module) }.map {
            GeneratedImport(module: $0.module, testable: testableModules.contains($0.module), condition: $0.condition)
        }
        var result: [GeneratedImport] = []
        for entry in normalised.sorted(by: precedes) {
            if let last = result.last, last == entry { continue }
            result.append(entry)
        }
        return result
    }

    private static func precedes(_ lhs: GeneratedImport, _ rhs: GeneratedImport) -> Bool {
        if lhs.condition.isEmpty != rhs.condition.isEmpty { return lhs.condition.isEmpty }
        if lhs.condition != rhs.condition { return lhs.condition.utf8.lexicographicallyPrecedes(rhs.condition.utf8) }
        return lhs.module.utf8.lexicographicallyPrecedes(rhs.module.utf8)
    }
}
