// What one link state record holds, found by comparing two whole states: what a base record and a
// rewrite use. A link that read a state makes its record from what it redid instead
// (`PendingState.changes(since:)`), which must come to the same changes.

extension TableChanges {
    /// The entries of `new` that `old` lacks or holds otherwise (as `value` makes them), and the keys of `old`
    /// that `new` lacks. `isUnchanged` tells an entry both hold alike without comparing (for a key `old` has).
    init<Stored: Equatable>(
        from old: [Key: Stored], to new: [Key: Stored], value: (Key, Stored) -> Value,
        isUnchanged: (Key) -> Bool = { _ in false }
    ) {
        var added = 0
        // By index: a value `isUnchanged` skips is not copied (a type's description is strings and lists).
        for index in new.indices {
            let key = new.keys[index]
            if !old.isEmpty {
                if isUnchanged(key) { continue }
                let before = old.index(forKey: key)
                if before == nil { added += 1 }
                if let before, old.values[before] == new.values[index] { continue }
            }
            upserts.append((key, value(key, new.values[index])))
        }
        // Every key of `new` that `old` has too was counted out: the counts tell whether a key went.
        if old.count + added != new.count { removals = old.keys.filter { new[$0] == nil } }
    }

    var isEmpty: Bool { upserts.isEmpty && removals.isEmpty }
}

extension TableChanges where Value: Equatable {
    init(from old: [Key: Value], to new: [Key: Value]) {
        self.init(from: old, to: new, value: { $1 })
    }
}

extension LinkStateChanges {
    /// What turns `old` into `new` (the base record of a file is the change from `LinkState.empty`).
    init(from old: LinkState, to new: LinkState) {
        self.init(
            factsDigests: TableChanges(from: old.factsDigests, to: new.factsDigests),
            interfaces: new.views.interfaces,
            views: TableChanges(from: old.views.views, to: new.views.views),
            dependencies: TableChanges(from: old.views.dependencies, to: new.views.dependencies),
            files: TableChanges(from: old.views.files, to: new.views.files),
            aliasExtensions: new.views.aliasExtensions, reads: ReadChanges(from: old.reads, to: new.reads),
            typeUnits: TableChanges(from: old.typeUnits, to: new.typeUnits),
            fileUnits: TableChanges(from: old.fileUnits, to: new.fileUnits),
            types: TableChanges(from: old.types, to: new.types))
    }

    /// Whether applying these changes to `state` changes it.
    func change(_ state: LinkState) -> Bool {
        interfaces != state.views.interfaces || aliasExtensions != state.views.aliasExtensions
            || !(factsDigests.isEmpty && reads.isEmpty && views.isEmpty && dependencies.isEmpty && files.isEmpty
                && typeUnits.isEmpty && fileUnits.isEmpty && types.isEmpty)
    }
}
