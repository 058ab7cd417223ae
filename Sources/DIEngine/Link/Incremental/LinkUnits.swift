/// The link work of one registered type: its registration(s) and, for a Configuration, its `Config(...)`
/// registrations, with what the work reported and read. Reusable while its files' facts and the views of
/// the names it read are unchanged.
struct TypeLinkUnit: Equatable {
    var typeName: String
    /// Paths of the files declaring or extending the type (whose whole facts the work read), in order.
    var files: [String]
    /// Digests of the names the work looked up (`LinkReads`, `NameViews.digest(of:)`), sorted; read from a
    /// state file, a range of its digest pool.
    var reads: DigestList
    var pending: [PendingRegistration]
    /// Files whose imports the generated file repeats (a Configuration's own files, once it has `Config`s).
    var configurationFiles: [String]
    /// Unfiltered: the scanner's equal diagnostics are dropped when the graph is assembled.
    var diagnostics: [Diagnostic]
}

/// The member dependencies of one file (`MemberDependencies.ofFile`), with what the work reported and read.
struct FileLinkUnit: Equatable {
    var path: String
    var reads: DigestList
    var members: MemberDependencies.OfFile
    var diagnostics: [Diagnostic]
}

extension TypeLinkUnit {
    /// Runs the registrars for one type of the session's table.
    init(
        entry: TypeEntry, session: LinkSession, roles: [String: RegistrationKind], typeRegistrar: TypeRegistrar,
        configRegistrar: ConfigRegistrar
    ) {
        let table = session.table
        let files = Self.files(of: entry, in: table)
        let work = session.recording { () -> (pending: [PendingRegistration], configurationFiles: [String]) in
            table.reads.note(entry.name)
            var pending = typeRegistrar.registrations(for: entry)
            var configurationFiles: [String] = []
            if roles[entry.name] == .configuration {
                let configs = configRegistrar.registrations(for: entry)
                if !configs.isEmpty { configurationFiles = entry.primaries.map { table.path($0) } }
                pending += configs
            }
            return (pending, configurationFiles)
        }
        self.init(
            typeName: entry.name, files: files, reads: Self.digests(work.names), pending: work.result.pending,
            configurationFiles: work.result.configurationFiles, diagnostics: work.diagnostics)
    }

    static func files(of entry: TypeEntry, in table: TypeTable) -> [String] {
        var paths: [String] = []
        for ref in entry.declarations where !paths.contains(table.path(ref)) { paths.append(table.path(ref)) }
        return paths
    }

    /// Whether `unit` was made from the files `files(of:in:)` gives for `entry`, all of them `unchanged`;
    /// compared in place: making the list of paths for every registered type cost more than comparing it.
    static func isReusable(
        _ unit: TypeLinkUnit, for entry: TypeEntry, in table: TypeTable, unchanged: (Int) -> Bool
    ) -> Bool {
        var matched = 0
        func matches(_ ref: DeclarationRef) -> Bool {
            let path = table.path(ref)
            if unit.files[..<matched].contains(path) { return true }
            guard matched < unit.files.count, unit.files[matched] == path, unchanged(ref.file) else { return false }
            matched += 1
            return true
        }
        return entry.primaries.allSatisfy(matches) && entry.extensions.allSatisfy(matches)
            && matched == unit.files.count
    }

    static func digests(_ names: Set<String>) -> DigestList { DigestList(names.map(NameViews.digest(of:)).sorted()) }
}

extension FileLinkUnit {
    init(file: Int, session: LinkSession, roles: [String: RegistrationKind]) {
        let work = session.recording { MemberDependencies.ofFile(file, session: session, roles: roles) }
        self.init(
            path: session.table.sources[file].path, reads: TypeLinkUnit.digests(work.names), members: work.result,
            diagnostics: work.diagnostics)
    }
}
