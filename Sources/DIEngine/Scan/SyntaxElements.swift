import SwiftSyntax

/// Walks a syntax collection by index. `for … in`, `map` and `contains` go through a
/// `SyntaxCollectionIterator<Element>`, whose metadata the Swift runtime builds on its first use in a process
/// by checking `Element: SyntaxProtocol` with a scan of every protocol conformance record of the binary
/// (~0.05 ms each in the static build, which holds swift-syntax's many): one scan per element type met by
/// the scan of an edited file.
extension SyntaxCollection {
    func forEachElement(_ body: (Element) -> Void) {
        var index = startIndex
        while index != endIndex {
            body(self[index])
            index = self.index(after: index)
        }
    }

    func containsElement(where predicate: (Element) -> Bool) -> Bool {
        var index = startIndex
        while index != endIndex {
            if predicate(self[index]) { return true }
            index = self.index(after: index)
        }
        return false
    }

    func mapElements<T>(_ transform: (Element) -> T) -> [T] {
        var result: [T] = []
        forEachElement { result.append(transform($0)) }
        return result
    }
}
