import SwiftSyntax

/// The syntax-error rule (README "Failure behaviour"). swift-syntax lags the compiler, and the compiler,
/// not dibuild, is the judge of syntax: code the parser did not understand is a warning, and the facts
/// come from what parsed. It is an error only where the factory could be wrong: the code lies inside a
/// declaration with a DI role (one of its type's declarations lists a DI protocol), a DI call, or a
/// `scope`/`qualifier` member, or it mentions a DI name (so it may hide such a declaration). One `S00`
/// per file: the first such error, or else a warning at the first place.
extension FileScan {
    /// DI words that make skipped text suspicious: protocols, calls, wrappers and the member names.
    private static let diWords: Set<String> = DINames.protocols.union([
        "InjectProperty", "Config", "Dependency", "DependencyArray", "PropertyValue", "scope", "qualifier",
    ])

    /// `tooDeep` regions were blanked before parsing `tree`; `bytes` are the file's own.
    func reportUnparsedCode(in tree: SourceFileSyntax, tooDeep: [TooDeepRegion], originalBytes bytes: [UInt8]) {
        let unparsed = SyntaxErrorFinder.unparsedCode(in: tree)
        // A blanked region is trivia of the token around it, whose ancestors are those of the region.
        let places =
            tooDeep.map {
                UnparsedCode(
                    range: $0.range, problem: "code nested deeper than \($0.limit) was not scanned",
                    node: tree.token(at: AbsolutePosition(utf8Offset: $0.range.lowerBound)).map(Syntax.init))
            }
            + unparsed.map {
                UnparsedCode(
                    range: $0.range, problem: "its Swift parser did not understand this code (\($0.problem))",
                    node: $0.node)
            }
        guard let first = places.min(by: { $0.range.lowerBound < $1.range.lowerBound }) else { return }
        let diRoles = diRolePositions()
        let explained = places.compactMap { place in
            diContext(of: place, diRoles: diRoles, bytes: bytes).map { (place: place, context: $0) }
        }
        if let (place, context) = explained.min(by: { $0.place.range.lowerBound < $1.place.range.lowerBound }) {
            report(
                .unparsedDICode, place.problem, context, at: position(ofOffset: place.range.lowerBound))
        } else {
            report(
                .unparsedCode, first.problem, at: position(ofOffset: first.range.lowerBound))
        }
    }

    /// Name positions of every declaration (types and extensions) of a type that lists a DI protocol.
    private func diRolePositions() -> Set<SourcePosition> {
        let diTypes = Set(
            facts.declarations.filter { $0.inherited.contains { DINames.protocols.contains($0.name) } }.map(\.fullName))
        return Set(facts.declarations.filter { diTypes.contains($0.fullName) }.map(\.position))
    }

    /// Why the place matters to the factory ("inside the DI declaration 'A'"), or nil when it does not.
    private func diContext(of place: UnparsedCode, diRoles: Set<SourcePosition>, bytes: [UInt8]) -> String? {
        var ancestor = place.node?.parent
        while let node = ancestor {
            if let call = node.as(FunctionCallExprSyntax.self), CallKind(call) != nil {
                return "inside the DI call '\(SyntaxText.compact(call.calledExpression))(...)'"
            }
            if let variable = node.as(VariableDeclSyntax.self), let name = Self.scopeOrQualifier(variable) {
                return "inside the '\(name)' member"
            }
            if let decl = node.as(DeclSyntax.self), let header = TypeHeader(decl),
                diRoles.contains(position(header.nameNode))
            {
                return "inside the DI declaration '\(header.name)'"
            }
            ancestor = node.parent
        }
        if let word = Self.firstDIWord(in: bytes, range: place.range) { return "mentioning '\(word)'" }
        return nil
    }

    private static func scopeOrQualifier(_ variable: VariableDeclSyntax) -> String? {
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = SyntaxText.identifier(pattern.identifier)
            if name == "scope" || name == "qualifier" { return name }
        }
        return nil
    }

    /// The first identifier in `range` that is a DI word; a linear pass over the bytes.
    private static func firstDIWord(in bytes: [UInt8], range: Range<Int>) -> String? {
        var index = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        while index < end {
            guard ByteSearch.isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < end && ByteSearch.isIdentifierByte(bytes[index]) { index += 1 }
            // Every DI word is short: longer identifiers need no String.
            if index - start <= 20, let word = String(validating: bytes[start..<index], as: UTF8.self),
                diWords.contains(word)
            {
                return word
            }
        }
        return nil
    }
}
