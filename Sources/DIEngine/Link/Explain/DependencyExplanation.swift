/// `dibuild why`: the tree of registrations that satisfy a type's dependencies, and for a dependency that
/// fails, the candidates considered and why each was rejected.
public struct DependencyExplanation: Sendable {
    /// One registration in the tree.
    public struct Node: Sendable {
        public enum Expansion: String, Sendable {
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

        public var id: RegistrationID
        /// nil for a type that is not registered but has dependencies (`@Dependency`, `Inject` calls).
        public var registration: Registration?
        public var expansion: Expansion
        public var dependencies: [Edge]
        /// For `.cycle` and `.lazyCycle`: the loop, starting and ending with this registration.
        public var cycle: [RegistrationID] = []
    }

    public enum Status: String, Sendable {
        case satisfied, missing, notRegistered, ambiguous, factoryMisuse, emptyArray, qualifierPropertyMissing
    }

    /// A candidate that was looked at and not taken.
    public struct Rejection: Sendable {
        public var id: RegistrationID
        public var location: SourceLocation?
        public var reason: String
    }

    /// One dependency of a node.
    public struct Edge: Sendable {
        public var dependency: Dependency
        public var status: Status
        /// The link diagnostic of the run for this dependency.
        public var diagnostic: Diagnostic?
        /// Registrations that satisfy it (for an ambiguous one, every match).
        public var satisfiedBy: [Node]
        public var rejected: [Rejection]
    }

    /// The question as typed: `Type` or `Type:qualifier`.
    public var typeName: String
    public var qualifier: String?
    /// True when `typeName` has no registration of its own and the roots are registrations providing it.
    public var viaSupertype: Bool
    public var roots: [Node]
}

/// Splits `TYPE[:QUALIFIER]` at the first `:` (or `#`) outside brackets, so `[String: Int]` stays a type.
public enum WhyQuery {
    public static func parse(_ text: String) -> (typeName: String, qualifier: String?) {
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
