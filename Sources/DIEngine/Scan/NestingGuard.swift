/// Keeps pathologically nested code away from swift-syntax, so that a file's scan stays linear in its
/// size and bounded in stack depth whatever the input.
///
/// Why a byte pre-pass rather than only the parser's own `maximumNestingLevel`: swift-syntax 603.0.1
/// checks that limit only where it parses declarations, statements and expressions, not in its
/// lookahead or in types. Its lookahead for `[` (array type or `InlineArray` sugar?) tries both
/// readings at every level, so `[[[…]]]` costs 2^depth (depth 26 ≈ 26 s in release); `A<A<…>>`
/// 3,000 deep and 6,000 nested `#if` overflow the stack, and nested `#if` cost quadratic time. This
/// lexer-level pass (comments and string literals skipped, interpolations entered) measures nesting and
/// returns the regions beyond the limits; the scanner blanks them (spaces, newlines kept, so offsets
/// and lines stay exact) before parsing and reports them by the syntax-error rule. The limits sit far
/// above real code (the package corpus in `RealCodeScanTests`) and low enough that the worst allowed
/// shape costs a small constant per byte. The parser also gets an explicit `maximumNestingLevel`,
/// above these limits, so that debug builds of swift-syntax (default 20) and release builds (256) agree.
enum NestingGuard {
    /// Open `(`, `[`, `{`, generic `<` and `#if` at any one point.
    static let maximumDepth = 64
    /// Open `[` at any one point: each one doubles the parser's lookahead.
    static let maximumSquareDepth = 5
    /// Open generic `<`: each level is costly in the parser and recursed without a limit.
    static let maximumAngleDepth = 12
    /// Open `#if`: the parser's cost grows with the square of their depth.
    static let maximumConditionDepth = 16
    /// Passed to `Parser.parse`; the pre-pass keeps real nesting below it, but the parser counts a few
    /// tokens differently (an operator `<` it splits into generic brackets), so it gets headroom.
    static let parserNestingLevel = 2 * maximumDepth

    /// Byte ranges whose nesting goes beyond a limit, each from the opening token that went too deep to
    /// just after its closing one (or the end of the file), in order and disjoint.
    static func tooDeepRegions(in bytes: [UInt8]) -> [TooDeepRegion] {
        var lexer = NestingLexer(bytes)
        return lexer.run()
    }

    /// `bytes` with every byte of `regions` except line breaks replaced by a space.
    static func blanking(_ regions: [TooDeepRegion], in bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for region in regions {
            for index in region.range where result[index] != UInt8(ascii: "\n") && result[index] != UInt8(ascii: "\r") {
                result[index] = UInt8(ascii: " ")
            }
        }
        return result
    }
}

struct TooDeepRegion: Equatable {
    var range: Range<Int>
    /// The limit it exceeds, for the diagnostic: "6 nested '['".
    var limit: String
}

/// A single forward pass over the bytes; every byte is looked at a bounded number of times.
private struct NestingLexer {
    private enum Frame: Equatable {
        case paren, square, brace, angle, condition
        /// `\(` inside a string literal: code until the matching `)`, then back into the string.
        case interpolation(StringKind)
    }

    private struct StringKind: Equatable {
        var hashes: Int
        var multiline: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    private var stack: [Frame] = []
    private var squareDepth = 0
    private var angleDepth = 0
    private var conditionDepth = 0
    /// While inside a too-deep region: the stack height at which it ends, and where it started.
    private var openRegion: (height: Int, start: Int, limit: String)?
    private var regions: [TooDeepRegion] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() -> [TooDeepRegion] {
        while index < bytes.count {
            step()
            endRegionIfClosed()
        }
        if let openRegion {
            regions.append(TooDeepRegion(range: openRegion.start..<bytes.count, limit: openRegion.limit))
        }
        return regions
    }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func step() {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "\""):
            skipString(hashes: 0)
        case UInt8(ascii: "#"):
            poundSign()
        case UInt8(ascii: "("): open(.paren)
        case UInt8(ascii: "["): open(.square)
        case UInt8(ascii: "{"):
            closeAngles()
            open(.brace)
        case UInt8(ascii: "<") where index > 0 && ByteSearch.isIdentifierByte(bytes[index - 1]):
            open(.angle)
        case UInt8(ascii: ">") where stack.last == .angle && !(index > 0 && bytes[index - 1] == UInt8(ascii: "-")):
            close()
            index += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            closeAngles()
            if case .interpolation(let kind) = stack.last {
                close()
                index += 1
                continueString(kind)
            } else {
                if !stack.isEmpty { close() }
                index += 1
            }
        case UInt8(ascii: ";"), UInt8(ascii: "="):
            // A `<` that was a comparison never closes; statement ends put such guesses to rest.
            closeAngles()
            index += 1
        default:
            index += 1
        }
    }

    private mutating func open(_ frame: Frame) {
        stack.append(frame)
        switch frame {
        case .square: squareDepth += 1
        case .angle: angleDepth += 1
        case .condition: conditionDepth += 1
        default: break
        }
        if openRegion == nil, let limit = exceededLimit() {
            openRegion = (height: stack.count - 1, start: index, limit: limit)
        }
        if frame != .condition { index += 1 }
    }

    private func exceededLimit() -> String? {
        if squareDepth > NestingGuard.maximumSquareDepth { return "\(NestingGuard.maximumSquareDepth) nested '['" }
        if angleDepth > NestingGuard.maximumAngleDepth { return "\(NestingGuard.maximumAngleDepth) nested generic '<'" }
        if conditionDepth > NestingGuard.maximumConditionDepth {
            return "\(NestingGuard.maximumConditionDepth) nested '#if'"
        }
        if stack.count > NestingGuard.maximumDepth { return "\(NestingGuard.maximumDepth) nested brackets and '#if'" }
        return nil
    }

    private mutating func close() {
        switch stack.removeLast() {
        case .square: squareDepth -= 1
        case .angle: angleDepth -= 1
        case .condition: conditionDepth -= 1
        default: break
        }
    }

    private mutating func closeAngles() {
        while stack.last == .angle { close() }
    }

    /// Called after the closing token of a frame has been consumed.
    private mutating func endRegionIfClosed() {
        guard let region = openRegion, stack.count <= region.height else { return }
        regions.append(TooDeepRegion(range: region.start..<min(index, bytes.count), limit: region.limit))
        openRegion = nil
    }

    private mutating func skipBlockComment() {
        var depth = 0
        repeat {
            if bytes[index] == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        } while depth > 0 && index < bytes.count
    }

    /// `#if` / `#endif`, or the `#`s of a raw string; other `#` words are skipped like identifiers.
    private mutating func poundSign() {
        var hashes = 0
        while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if byte(at: index + hashes) == UInt8(ascii: "\"") {
            index += hashes
            skipString(hashes: hashes)
        } else if matchesWord("#if") {
            open(.condition)
            index += 3
        } else if matchesWord("#endif") {
            if stack.last == .condition { close() }
            index += 6
        } else {
            index += hashes
        }
    }

    private func matchesWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        return byte(at: index + count).map { !ByteSearch.isIdentifierByte($0) } ?? true
    }

    /// At the opening `"` (after any `#`s): skips the literal up to its end or an interpolation.
    private mutating func skipString(hashes: Int) {
        let multiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        continueString(StringKind(hashes: hashes, multiline: multiline))
    }

    private mutating func continueString(_ kind: StringKind) {
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\\") && hashesFollow(kind.hashes, at: index + 1) {
                let afterHashes = index + 1 + kind.hashes
                if byte(at: afterHashes) == UInt8(ascii: "(") {
                    index = afterHashes
                    open(.interpolation(kind))
                    return
                }
                index = afterHashes + 1
            } else if current == UInt8(ascii: "\"") && closesString(kind) {
                index += (kind.multiline ? 3 : 1) + kind.hashes
                return
            } else if current == UInt8(ascii: "\n") && !kind.multiline {
                index += 1
                return
            } else {
                index += 1
            }
        }
    }

    private func hashesFollow(_ count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
    }

    private func closesString(_ kind: StringKind) -> Bool {
        let quotes = kind.multiline ? 3 : 1
        return (0..<quotes).allSatisfy { byte(at: index + $0) == UInt8(ascii: "\"") }
            && hashesFollow(kind.hashes, at: index + quotes)
    }
}
