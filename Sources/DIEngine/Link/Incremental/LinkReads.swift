/// The type-table names one piece of link work consulted (a type's registrations, or one file's member
/// dependencies): every entry, alias, kind, role and hierarchy look-up, hits and misses alike. A later
/// link may reuse that work's result when none of these names' `NameViews` changed and its own files'
/// facts are the same, because then every look-up would answer the same.
final class LinkReads {
    private var recording: Set<String>?

    /// Runs `body` and returns its result with the names it consulted; an enclosing recording does not
    /// see them.
    func recording<Result>(_ body: () -> Result) -> (result: Result, names: Set<String>) {
        let saved = recording
        recording = []
        defer { recording = saved }
        let result = body()
        return (result, recording ?? [])
    }

    /// Runs `body` without recording: derived answers (a supertype closure) stand for the name asked about,
    /// which the caller records, not for the names computing them consulted.
    func unrecorded<Result>(_ body: () -> Result) -> Result {
        let saved = recording
        recording = nil
        defer { recording = saved }
        return body()
    }

    func note(_ name: String) {
        recording?.insert(name)
    }

    func note(_ names: some Sequence<String>) {
        guard recording != nil else { return }
        for name in names { recording?.insert(name) }
    }
}
