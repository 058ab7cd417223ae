/// Byte comparisons of names read in place for the renderers' order checks and lists: the generic
/// `lexicographicallyPrecedes` over two `UTF8View`s went through an iterator per byte, and
/// `ByteOrder.isASCII` takes a copy of the string.
enum InPlaceText {
    /// Whether `text`'s UTF-8 is ASCII.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        } ?? ByteOrder.isASCII(text)
    }

    /// Whether `lhs` precedes `rhs` in byte order; nil when their bytes are equal.
    static func order(_ lhs: String, _ rhs: String) -> Bool? {
        let order = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                ByteOrder.order(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }
        guard let order = order ?? nil else {
            if lhs.utf8.lexicographicallyPrecedes(rhs.utf8) { return true }
            return rhs.utf8.lexicographicallyPrecedes(lhs.utf8) ? false : nil
        }
        return order == 0 ? nil : order < 0
    }

    /// True when `lhs` certainly comes before `rhs` (`<` and `!=` both hold): their type names, or equal type
    /// names and then qualifiers, differ in byte order and are ASCII (so that unequal bytes are unequal
    /// strings). Nil when that takes more than bytes to decide, or `lhs` does not come first.
    static func precedes(_ lhs: RegistrationID, _ rhs: RegistrationID) -> Bool? {
        switch order(lhs.typeName, rhs.typeName) {
        case true?: return isASCII(lhs.typeName) && isASCII(rhs.typeName) ? true : nil
        case false?: return nil
        case nil:
            guard order(lhs.qualifier, rhs.qualifier) == true, isASCII(lhs.qualifier), isASCII(rhs.qualifier)
            else { return nil }
            return true
        }
    }
}
