/// Turns type names as written into the full names the generated code writes and matching compares:
/// lexical lookup, typealias expansion and legacy `DepN`/`_Payload` aliases.
struct NameResolver {
    let table: TypeTable

    /// Result of resolving a reference whose legacy alias (`Dep1`, `_Payload`) the owning type lacks (`S28`).
    struct MissingLegacyAlias: Error {
        /// The alias name (`Dep1`).
        var alias: String
    }

    /// What `resolve(_:in:owner:)` gives. Not a `Result`: its type's metadata, needing `Failure: Error`, was
    /// looked up in a scan of every protocol conformance of the binary the first time a run met it.
    enum Resolution {
        case resolved(TypeReference)
        case missingLegacyAlias(MissingLegacyAlias)
    }

    private static let maximumDepth = 32

    /// Resolves a reference already split by the scanner (`TypeReferenceParser`). `owner` is the full name of the type
    /// whose initialiser, injector or body holds the reference; it enables legacy aliases.
    func resolve(_ reference: TypeReference, in scope: String, owner: String?) -> Resolution {
        guard !reference.isUnsupported, !reference.name.isEmpty else { return .resolved(reference) }
        var element: TypeReference
        if let owner, let legacy = Self.legacyAlias(in: reference.name, owner: owner) {
            let key = TypeTable.join(owner, legacy)
            guard table.alias(key) != nil else { return .missingLegacyAlias(MissingLegacyAlias(alias: legacy)) }
            element = expandAlias(named: key, depth: 0)
        } else {
            element = resolve(reference.name, in: scope)
        }
        element.written = reference.written
        return .resolved(Self.combine(outer: reference, inner: element))
    }

    /// Lexical lookup and typealias expansion for a plain name (no array or optional syntax) written in `scope`.
    func resolve(_ written: String, in scope: String) -> TypeReference {
        resolve(written, in: scope, depth: 0)
    }

    private func resolve(_ written: String, in scope: String, depth: Int) -> TypeReference {
        let (head, rest) = Self.splitFirstComponent(written)
        let base = lexicalLookup(head, in: scope)
        // Names with generic arguments are kept as written after their first component; generic aliases
        // are never expanded.
        // The byte test first: `contains` of a string searches by characters (8 % of naming real code's
        // extensions through typealiases, in `perf`), and few names have generic arguments.
        if rest.utf8.contains(UInt8(ascii: "<")) && rest.contains("<") {
            return TypeReference(written: written, name: base + rest)
        }
        var current = expandAlias(named: base, depth: depth)
        for component in rest.split(separator: ".", omittingEmptySubsequences: true) {
            guard !current.isUnsupported, !current.isArray, !current.isOptional else {
                return TypeReference(written: written, name: "", isUnsupported: true)
            }
            // A `String` of the component: appending the `Substring` went through the generic
            // `append(contentsOf:)`, whose first call in a run scanned the binary's protocol conformances
            // (~0.07 ms of a DI edit on real code, in `perf`).
            current = expandAlias(named: current.name + "." + String(component), depth: depth)
        }
        current.written = written
        return current
    }

    /// `A.B.N`, then `A.N`, then `N`: the first full name the sources declare as a type or typealias.
    func lexicalLookup(_ name: String, in scope: String) -> String {
        var current = scope
        while true {
            let candidate = TypeTable.join(current, name)
            if table.isKnown(candidate) { return candidate }
            if current.isEmpty { return name }
            current = Self.parent(of: current)
        }
    }

    /// The reference a full name stands for after expanding the typealias it names, repeatedly.
    private func expandAlias(named name: String, depth: Int) -> TypeReference {
        guard let alias = table.alias(name), !alias.isGeneric, depth < Self.maximumDepth else {
            return TypeReference(written: name, name: name)
        }
        let target = TypeReferenceParser.reference(forWritten: alias.target)
        guard !target.isUnsupported else { return TypeReference(written: name, name: "", isUnsupported: true) }
        let inner = resolve(target.name, in: alias.scope, depth: depth + 1)
        return Self.combine(outer: target, inner: inner)
    }

    /// Array and optional syntax of `outer` applied to the resolved element `inner`; nesting is unsupported.
    private static func combine(outer: TypeReference, inner: TypeReference) -> TypeReference {
        if inner.isUnsupported || (outer.isArray && (inner.isArray || inner.isOptional))
            || (outer.isOptional && inner.isOptional)
        {
            return TypeReference(written: outer.written, name: "", isUnsupported: true)
        }
        return TypeReference(
            written: outer.written, name: inner.name, isArray: outer.isArray || inner.isArray,
            isOptional: outer.isOptional || inner.isOptional)
    }

    /// `Dep1`…`Dep9` or `_Payload`, bare or prefixed by the owner (full or simple name) or `Self`.
    static func legacyAlias(in name: String, owner: String) -> String? {
        let bytes = name.utf8
        let isCandidate =
            name.hasSuffix("_Payload")
            || (bytes.count >= 4 && bytes.dropLast().suffix(3).elementsEqual("Dep".utf8)
                && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[bytes.index(before: bytes.endIndex)]))
        guard isCandidate else { return nil }
        let components = name.split(separator: ".").map(String.init)
        guard let last = components.last, isLegacyAliasName(last) else { return nil }
        let prefix = components.dropLast().joined(separator: ".")
        let simpleOwner = owner.split(separator: ".").last.map(String.init) ?? owner
        guard prefix.isEmpty || prefix == owner || prefix == simpleOwner || prefix == "Self" else { return nil }
        return last
    }

    private static func isLegacyAliasName(_ name: String) -> Bool {
        if name == "_Payload" { return true }
        let scalars = Array(name.unicodeScalars)
        return scalars.count == 4 && name.hasPrefix("Dep") && ("1"..."9").contains(scalars[3])
    }

    /// `A.B.C` → (`A`, `.B.C`); `Box<A.B>` → (`Box`, `<A.B>`).
    private static func splitFirstComponent(_ name: String) -> (String, String) {
        guard let index = name.firstIndex(where: { $0 == "." || $0 == "<" }) else { return (name, "") }
        return (String(name[..<index]), String(name[index...]))
    }

    static func parent(of scope: String) -> String {
        guard let dot = scope.lastIndex(of: ".") else { return "" }
        return String(scope[..<dot])
    }
}
