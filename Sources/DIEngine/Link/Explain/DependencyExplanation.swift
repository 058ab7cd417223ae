/// `dibuild why`: the tree of registrations that satisfy a type's dependencies, and for a dependency that
/// fails, the candidates considered and why each was rejected.
struct DependencyExplanation: Sendable {
    /// One registration in the tree.
    struct Node: Sendable {
        enum Expansion: String, Sendable {
            /// Its dependencies follow.
            case expanded
            /// Already expanded earlier in the tree (shared subtree).
            case seenAbove
            /// Already on the path from the root: a cycle that validation reports.
            case cycle
            /// On the path, but a lazy edge on the way breaks the cycle at run time.
            case lazyCycle
            /// Registered by another module: its dependencies are not known here.
            case imported
            /// Scan errors made its dependencies unknown.
            case unknown
        }

        var id: RegistrationID
        /// nil for a type that is not registered but has dependencies (`@Dependency`, `Inject` calls).
        var registration: Registration?
        var expansion: Expansion
        var dependencies: [Edge]
        /// For `.cycle` and `.lazyCycle`: the loop, starting and ending with this registration.
        var cycle: [RegistrationID] = []
    }

    enum Status: String, Sendable {
        case satisfied, missing, notRegistered, ambiguous, factoryMisuse, emptyArray, qualifierPropertyMissing
    }

    /// A candidate that was looked at and not taken.
    struct Rejection: Sendable {
        var id: RegistrationID
        var location: SourceLocation?
        var reason: String
    }

    /// One dependency of a node.
    struct Edge: Sendable {
        var dependency: Dependency
        var status: Status
        /// The link diagnostic of the run for this dependency.
        var diagnostic: Diagnostic?
        /// Registrations that satisfy it (for an ambiguous one, every match).
        var satisfiedBy: [Node]
        var rejected: [Rejection]
    }

    /// The question as typed: `Type` or `Type:qualifier`.
    var typeName: String
    var qualifier: String?
    /// True when `typeName` has no registration of its own and the roots are registrations providing it.
    var viaSupertype: Bool
    var roots: [Node]
}

/// Splits `TYPE[:QUALIFIER]` at the first `:` (or `#`) outside brackets, so `[String: Int]` stays a type.
enum WhyQuery {
    static func parse(_ text: String) -> (typeName: String, qualifier: String?) {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0, "#" where depth == 0:
                return (String(text[..<index]), String(text[text.index(after: index)...]))
            default: break
            }
        }
        return (text, nil)
    }
}
