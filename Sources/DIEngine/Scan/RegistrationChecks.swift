/// `S29`–`S33` for registration protocols listed in this file: on a type declared
/// here (its declaration and its extensions in this file), or on one extension of a type declared
/// elsewhere. Conformances added in other files are the linker's.
extension FileScan {
    func checkRegistrations(_ listings: [String: [Listing]]) {
        let types = typeIndex
        for (index, declaration) in facts.declarations.enumerated() {
            currentOwner = index
            let registrations = (listings[declaration.fullName] ?? []).filter {
                DINames.registrationProtocols.contains($0.name)
            }
            if declaration.kind != .extension {
                let relevant = registrations.filter {
                    $0.declaration == index || facts.declarations[$0.declaration].kind == .extension
                }
                checkType(index, relevant)
            } else if types[declaration.fullName] == nil {
                checkExternalExtension(index, registrations.filter { $0.declaration == index })
            }
        }
        currentOwner = nil
    }

    private func checkType(_ index: Int, _ registrations: [Listing]) {
        guard let first = registrations.first else { return }
        let declaration = facts.declarations[index]
        let name = declaration.fullName
        switch declaration.kind {
        case .protocol:
            report(.protocolRegistration, name, first.name, at: declaration.position)
            return
        case .enum, .actor:
            report(.kindRegistration, declaration.kind.rawValue, name, at: declaration.position)
            return
        case .class, .struct, .extension:
            break
        }
        if let reason = privacyReason(index) {
            report(.privateType, name, reason, at: declaration.position)
        }
        if declaration.isGeneric {
            report(.genericType, name, at: declaration.position)
        } else {
            reportConditionalConformances(registrations, of: name)
        }
        reportSeveral(registrations, of: name, at: declaration.position)
    }

    private func checkExternalExtension(_ index: Int, _ registrations: [Listing]) {
        let declaration = facts.declarations[index]
        reportConditionalConformances(registrations, of: declaration.fullName)
        reportSeveral(registrations, of: declaration.fullName, at: declaration.position)
    }

    private func privacyReason(_ index: Int) -> String? {
        switch declaredAccess[index] {
        case .private: return "private"
        case .fileprivate: return "fileprivate"
        default: return facts.declarations[index].insidePrivateType.map { "inside private type '\($0)'" }
        }
    }

    private func reportConditionalConformances(_ registrations: [Listing], of name: String) {
        for listing in registrations {
            let extensionDeclaration = facts.declarations[listing.declaration]
            guard extensionDeclaration.kind == .extension, extensionDeclaration.hasWhereClause else { continue }
            report(.conditionalConformance, name, listing.name, at: extensionDeclaration.position)
        }
    }

    private func reportSeveral(_ registrations: [Listing], of name: String, at position: SourcePosition) {
        var distinct: [String] = []
        for listing in registrations where !distinct.contains(listing.name) { distinct.append(listing.name) }
        guard distinct.count > 1 else { return }
        let notes = registrations.map { ScanNote(DiagnosticMessage.listedHere.text([$0.name]), at: $0.position) }
        report(.severalRegistrations, name, DiagnosticMessage.quotedList(distinct), at: position, notes: notes)
    }
}
