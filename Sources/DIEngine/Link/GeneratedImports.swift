/// The imports of the generated file besides the runtime module.
enum GeneratedImports {
    private struct Contribution {
        var module: String
        var testable: Bool
        var condition: String
    }

    /// Merges the imports of `files` (those declaring a Configuration type with a `Config` registration) with
    /// the modules of `dependencies[].import(s)`: `@testable` if any contribution has it, unconditional if any
    /// contribution is, otherwise one entry per condition. Unconditional imports come first, sorted by module,
    /// then conditional ones sorted by condition, then module.
    static func merge(imports files: [[ImportFact]], dependencyModules: [String], runtimeModule: String)
        -> [GeneratedImport]
    {
        var contributions = files.flatMap { imports in
            imports.map {
                Contribution(module: $0.module, testable: $0.testable, condition: conjunction($0.conditions))
            }
        }
        contributions += dependencyModules.map { Contribution(module: $0, testable: false, condition: "") }
        contributions.removeAll { $0.module == runtimeModule || $0.module.isEmpty }
        var testable: Set<String> = []
        var unconditional: Set<String> = []
        for contribution in contributions {
            if contribution.testable { testable.insert(contribution.module) }
            if contribution.condition.isEmpty { unconditional.insert(contribution.module) }
        }
        var result = Set<GeneratedImport>()
        for contribution in contributions
        where contribution.condition.isEmpty || !unconditional.contains(contribution.module) {
            result.insert(
                GeneratedImport(
                    module: contribution.module, testable: testable.contains(contribution.module),
                    condition: contribution.condition))
        }
        return result.sorted { lhs, rhs in
            if lhs.condition.isEmpty != rhs.condition.isEmpty { return lhs.condition.isEmpty }
            if lhs.condition != rhs.condition {
                return lhs.condition.utf8.lexicographicallyPrecedes(rhs.condition.utf8)
            }
            return lhs.module.utf8.lexicographicallyPrecedes(rhs.module.utf8)
        }
    }

    /// The conjunction of enclosing clause conditions; a clause with a top-level `||` (or `?:`) is parenthesised.
    static func conjunction(_ conditions: ConditionStack) -> String {
        if conditions.count <= 1 { return conditions.first ?? "" }
        return conditions.map { needsParentheses($0) ? "(\($0))" : $0 }.joined(separator: " && ")
    }

    private static func needsParentheses(_ condition: String) -> Bool {
        var depth = 0
        var previous: Character = " "
        for character in condition {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "|" where depth == 0 && previous == "|": return true
            case "?" where depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }
}
