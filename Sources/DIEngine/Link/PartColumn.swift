/// A table part's names or kinds (`TablePart`): a range of one array shared by every part read from a table
/// image, or an array of its own for a part made from facts. Reading the image made an array of names and
/// one of kinds per part, ~20,000 allocations for the generated 10,000-file project; now it makes one of
/// each. Indices start at 0, like the array it stands for.
struct PartColumn<Element>: RandomAccessCollection {
    /// The array the elements are a range of, and where they start in it.
    private(set) var base: [Element]
    private(set) var offset: Int
    let count: Int

    /// The elements of an array of their own.
    init(_ elements: [Element]) {
        base = elements
        offset = 0
        count = elements.count
    }

    /// `count` elements of `base` from `offset`.
    init(_ base: [Element], offset: Int, count: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= base.count)
        self.base = base
        self.offset = offset
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "part column index out of range")
        return base[offset + position]
    }

    /// The range of the shared array: appending it to an array copies it in one piece.
    var elements: ArraySlice<Element> { base[offset..<(offset + count)] }

    /// The elements in place: read through the buffer, they are not retained one by one.
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        base.withUnsafeBufferPointer { buffer in body(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]))
        }
    }

    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Element>) throws -> Result
    ) rethrows -> Result? {
        try base.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]))
        }
    }
}

extension PartColumn: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension PartColumn: Equatable where Element: Equatable {
    static func == (lhs: PartColumn, rhs: PartColumn) -> Bool { lhs.elementsEqual(rhs) }
}

extension PartColumn: Sendable where Element: Sendable {}
