/// The extensions that name their type through a typealias, with the type each extends, by declaration in
/// increasing order. A `[DeclarationRef: String]` cost, the first time one was allocated in a run, a scan
/// of every protocol conformance of the binary for `DeclarationRef: Hashable` (~0.1 ms of a DI edit on
/// real code), then a SipHash per look-up while the files of these extensions are renamed.
struct ExtendedNames: RandomAccessCollection, Equatable, ExpressibleByDictionaryLiteral {
    typealias Element = (ref: DeclarationRef, name: String)

    /// Sorted by `ref`, each `ref` once.
    private var elements: [Element] = []

    init() {}

    /// The pairs in any order; of several with one `ref`, the last is kept, as a dictionary's assignments.
    init(_ pairs: [Element]) {
        var sorted = pairs
        // Stable: pairs with one `ref` stay in the order given.
        sorted.sort { $0.ref < $1.ref }
        elements.reserveCapacity(sorted.count)
        for pair in sorted {
            if elements.last?.ref == pair.ref { elements[elements.count - 1] = pair } else { elements.append(pair) }
        }
    }

    init(dictionaryLiteral pairs: (DeclarationRef, String)...) {
        self.init(pairs.map { (ref: $0.0, name: $0.1) })
    }

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    subscript(position: Int) -> Element { elements[position] }

    /// The type the extension `ref` extends, nil when it is not one of these.
    subscript(ref: DeclarationRef) -> String? {
        let low = elements.firstIndex(notBefore: { $0.ref < ref })
        return low < elements.count && elements[low].ref == ref ? elements[low].name : nil
    }

    /// The files holding these extensions, each once, in increasing order.
    var files: [Int] {
        var files: [Int] = []
        for element in elements where files.last != element.ref.file { files.append(element.ref.file) }
        return files
    }

    static func == (lhs: ExtendedNames, rhs: ExtendedNames) -> Bool {
        lhs.elements.elementsEqual(rhs.elements) { $0.ref == $1.ref && $0.name == $1.name }
    }
}
