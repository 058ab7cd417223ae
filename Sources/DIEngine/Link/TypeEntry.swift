/// Every declaration of one type, by its resolved full name: the type's own declarations (several only
/// in different `#if` branches) and its extensions, in input order.
struct TypeEntry {
    var name: String
    /// The own declarations, then the extensions: one slice of the table's shared array.
    private(set) var declarations: ArraySlice<DeclarationRef>
    private var primaryCount: Int
    /// The kind of the first own declaration.
    var kind: DeclarationKind?

    init(
        name: String, declarations: ArraySlice<DeclarationRef> = [], primaryCount: Int = 0,
        kind: DeclarationKind? = nil
    ) {
        self.name = name
        self.declarations = declarations
        self.primaryCount = primaryCount
        self.kind = kind
    }

    var primaries: ArraySlice<DeclarationRef> {
        get { declarations.prefix(primaryCount) }
        set {
            declarations = ArraySlice(Array(newValue) + extensions)
            primaryCount = newValue.count
        }
    }

    var extensions: ArraySlice<DeclarationRef> {
        get { declarations.dropFirst(primaryCount) }
        set { declarations = ArraySlice(Array(primaries) + newValue) }
    }

    /// Declared in the scanned sources (not only extended).
    var isDeclared: Bool { primaryCount > 0 }
}
