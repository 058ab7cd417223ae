/// Work that needs the whole file: effective access and genericity through enclosing types (also those
/// reached through same-file extensions), gated facts and diagnostics. Whether a registered type may be
/// registered (`S29`–`S33`) needs every file and is the linker's.
extension FileScan {
    /// A DI protocol listed in an inheritance clause.
    struct Listing {
        var name: String
        var position: SourcePosition
        var declaration: Int
    }

    func finish() {
        let listings = diListings()
        resolvePending(listings)
        applyEnclosingTypes()
        facts.diagnostics.sort {
            ($0.position, $0.code, $0.message) < ($1.position, $1.code, $1.message)
        }
    }

    /// DI protocols listed per full type name, over the type's declarations and its extensions in this file.
    private func diListings() -> [String: [Listing]] {
        var listings: [String: [Listing]] = [:]
        for (index, declaration) in facts.declarations.enumerated() {
            for inherited in declaration.inherited where DINames.protocols.contains(inherited.name) {
                listings[declaration.fullName, default: []].append(
                    Listing(name: inherited.name, position: inherited.position, declaration: index))
            }
        }
        return listings
    }

    private func resolvePending(_ listings: [String: [Listing]]) {
        func passes(_ gate: Gate, _ owner: Int) -> Bool {
            switch gate {
            case .always: return true
            case .ownerLists(let required):
                let listed = listings[facts.declarations[owner].fullName] ?? []
                return listed.contains { required.contains($0.name) }
            }
        }
        for pending in pendingScopeFacts where passes(pending.gate, pending.owner) {
            facts.declarations[pending.owner].scopeValues.append(pending.fact)
        }
        for pending in pendingQualifierFacts where passes(pending.gate, pending.owner) {
            facts.declarations[pending.owner].qualifierValues.append(pending.fact)
        }
        for pending in pendingDiagnostics where passes(pending.gate, pending.owner) {
            facts.diagnostics.append(pending.diagnostic)
            facts.declarations[pending.owner].hasScanErrors = true
        }
    }

    /// Index of the first type (not extension) declaration per full name.
    var typeIndex: [String: Int] {
        var index: [String: Int] = [:]
        for (position, declaration) in facts.declarations.enumerated() where declaration.kind != .extension {
            if index[declaration.fullName] == nil { index[declaration.fullName] = position }
        }
        return index
    }

    private func applyEnclosingTypes() {
        let types = typeIndex
        for index in facts.declarations.indices {
            let scope = facts.declarations[index].scope
            guard !scope.isEmpty else { continue }
            for length in 1...scope.count {
                guard let enclosing = types[scope[0..<length].joined(separator: ".")] else { continue }
                let enclosingAccess = declaredAccess[enclosing]
                facts.declarations[index].access = min(facts.declarations[index].access, enclosingAccess)
                if enclosingAccess <= .fileprivate {
                    facts.declarations[index].insidePrivateType = facts.declarations[enclosing].fullName
                }
                if hasOwnGenericParameters[enclosing] { facts.declarations[index].isGeneric = true }
            }
        }
    }
}
