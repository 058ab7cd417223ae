import SwiftSyntax

/// Normalises a type as written, before name resolution: drops a leading `any `, recognises arrays
/// (`[T]`, `Array<T>`) and optionals (`T?`, `T!`, `Optional<T>`), and marks everything that is not a plain
/// type, an array of one or an optional of those as unsupported.
enum TypeReferenceParser {
    static func reference(for type: some SyntaxProtocol) -> TypeReference {
        reference(forWritten: SyntaxText.compact(type))
    }

    static func reference(forWritten written: String) -> TypeReference {
        if isPlainName(written.utf8[...]) { return TypeReference(written: written, name: written) }
        // `[T]`, `T?` and `T!` with a plain `T` are common enough to skip the general parser too.
        let bytes = written.utf8
        if bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"), isPlainName(bytes.dropFirst().dropLast())
        {
            return TypeReference(written: written, name: String(written.dropFirst().dropLast()), isArray: true)
        }
        if let last = bytes.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "!"), isPlainName(bytes.dropLast())
        {
            return TypeReference(written: written, name: String(written.dropLast()), isOptional: true)
        }
        let shape = classify(Array(written))
        return TypeReference(
            written: written, name: shape.isUnsupported ? "" : shape.name, isArray: shape.isArray,
            isOptional: shape.isOptional, isUnsupported: shape.isUnsupported)
    }

    /// The common case, decided on bytes without building characters: identifiers joined by dots.
    private static func isPlainName(_ bytes: Substring.UTF8View) -> Bool {
        guard !bytes.isEmpty, !bytes.elementsEqual("any".utf8), !bytes.elementsEqual("some".utf8) else { return false }
        var dotted = false
        for byte in bytes {
            let isWord =
                byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if byte == UInt8(ascii: ".") { dotted = true } else if !isWord { return false }
        }
        guard dotted else { return true }
        let text = String(Substring(bytes))
        return !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..") && !text.hasSuffix(".Type")
            && !text.hasSuffix(".Protocol")
    }

    private struct Shape {
        var name = ""
        var isArray = false
        var isOptional = false
        var isUnsupported = false

        static let unsupported = Shape(isUnsupported: true)
    }

    private static let unsupportedPrefixes = [
        "some ", "inout ", "borrowing ", "consuming ", "sending ", "isolated ", "__owned ", "__shared ", "@",
    ]
    private static let arrayGenerics = ["Array<", "Swift.Array<"]
    private static let optionalGenerics = ["Optional<", "Swift.Optional<"]
    private static let dictionaryGenerics = ["Dictionary<", "Swift.Dictionary<"]

    private static func classify(_ input: [Character]) -> Shape {
        var text = input
        while text.starts(with: "any ") { text.removeFirst(4) }
        let string = String(text)
        // A top-level `,` is a tuple or a dictionary's arguments, `&` a composition, `-` a function arrow.
        if text.isEmpty || unsupportedPrefixes.contains(where: string.hasPrefix) || string.hasSuffix("...")
            || string.hasSuffix(".Type") || string.hasSuffix(".Protocol") || hasTopLevel([",", "&", "-"], in: text)
        {
            return .unsupported
        }
        if let inner = enclosed(text, open: "(", close: ")") {
            return classify(inner)
        }
        if let last = text.last, last == "?" || last == "!" {
            return optional(of: classify(Array(text.dropLast())))
        }
        if let inner = enclosed(text, open: "[", close: "]") {
            return hasTopLevel([":"], in: inner) ? .unsupported : array(of: classify(inner))
        }
        if let inner = genericArgument(text, prefixes: arrayGenerics) { return array(of: classify(inner)) }
        if let inner = genericArgument(text, prefixes: optionalGenerics) { return optional(of: classify(inner)) }
        if genericArgument(text, prefixes: dictionaryGenerics) != nil { return .unsupported }
        return Shape(name: string)
    }

    private static func optional(of wrapped: Shape) -> Shape {
        guard !wrapped.isUnsupported, !wrapped.isOptional else { return .unsupported }
        return Shape(name: wrapped.name, isArray: wrapped.isArray, isOptional: true)
    }

    private static func array(of element: Shape) -> Shape {
        guard !element.isUnsupported, !element.isOptional, !element.isArray else { return .unsupported }
        return Shape(name: element.name, isArray: true)
    }

    /// The text between `open` at the start and its matching `close` at the very end, if that is the shape.
    private static func enclosed(_ text: [Character], open: Character, close: Character) -> [Character]? {
        guard text.first == open, text.last == close, closingIndex(in: text, from: 0) == text.count - 1 else {
            return nil
        }
        return Array(text[1..<(text.count - 1)])
    }

    private static func genericArgument(_ text: [Character], prefixes: [String]) -> [Character]? {
        for prefix in prefixes where String(text).hasPrefix(prefix) {
            let open = prefix.count - 1
            guard text.last == ">", closingIndex(in: text, from: open) == text.count - 1 else { return nil }
            return Array(text[(open + 1)..<(text.count - 1)])
        }
        return nil
    }

    /// Index of the bracket closing the one at `start` (`(`, `[` or `<`).
    private static func closingIndex(in text: [Character], from start: Int) -> Int? {
        var depth = 0
        for index in start..<text.count {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                if text[index] == ">" && index > 0 && text[index - 1] == "-" { continue }
                depth -= 1
                if depth == 0 { return index }
            default: continue
            }
        }
        return nil
    }

    /// True if one of `characters` occurs outside every bracket. `-` stands for a function arrow.
    private static func hasTopLevel(_ characters: [Character], in text: [Character]) -> Bool {
        var depth = 0
        for (index, character) in text.enumerated() {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index == 0 || text[index - 1] != "-": depth -= 1
            default:
                if depth == 0 && characters.contains(character) { return true }
            }
        }
        return false
    }
}
