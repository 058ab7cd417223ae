/// The files a link reads, by index: their paths and facts. A file whose table part was kept from an
/// earlier link (`TablePart`) need not be decoded to build the type table, find the roles or gather the
/// scanner's diagnostics, so its facts are decoded only when some step reads them (the hierarchy of a
/// stale name, a redone unit, a new description): on a DI edit, a few files of thousands.
///
/// A reference type: the table, its resolver and hierarchy hold copies of the table, and a file decoded
/// for one of them is decoded for all. Decoding on demand happens under a lock (the roles, the export
/// links and the link state's views read the table on other threads); a fact, once decoded, stays where
/// it is until `supply` replaces it with the whole facts, which the link does only while no other thread
/// reads the table.
final class LinkSources: @unchecked Sendable {
    /// One file as a step reads it.
    struct Source {
        fileprivate let sources: LinkSources
        fileprivate let file: Int

        var path: String { sources.paths[file] }
        var facts: FileFacts { unsafeAddress { sources.address(ofFile: file) } }
    }

    let paths: [String]
    /// The kept table part of each file, nil for the files the table names from their facts.
    let parts: [TablePart?]
    private let facts: UnsafeMutablePointer<FileFacts>
    private let loaded: UnsafeMutablePointer<Bool>
    private let loaders: [FactsLoader?]
    /// Nil when every file's facts were given: nothing is decoded later, so nothing is locked.
    private let lock: WorkLock?
    private var loadFailed = false
    private var loadCount = 0

    /// Every file's facts given (a link from scratch).
    convenience init(_ sources: [LinkSource]) {
        self.init(
            paths: sources.map(\.path), facts: sources.map(\.facts), loaders: [], parts: [])
    }

    /// `facts[i]` nil: file `i`'s interface is decoded by `loaders[i]` when first read, and its part
    /// `parts[i]` must be given. `loaders` and `parts` may be empty when every file's facts are given.
    init(
        paths: [String], facts given: [FileFacts?], loaders: [FactsLoader?], parts: [TablePart?]
    ) {
        self.paths = paths
        self.parts = parts.isEmpty ? Array(repeating: nil, count: paths.count) : parts
        self.loaders = loaders
        facts = .allocate(capacity: paths.count)
        loaded = .allocate(capacity: paths.count)
        var lazy = false
        for file in paths.indices {
            (facts + file).initialize(to: given[file] ?? FileFacts())
            loaded[file] = given[file] != nil
            if given[file] == nil { lazy = true }
        }
        lock = lazy ? WorkLock() : nil
    }

    deinit {
        facts.deinitialize(count: paths.count)
        facts.deallocate()
        loaded.deallocate()
    }

    var count: Int { paths.count }
    var indices: Range<Int> { paths.indices }

    subscript(file: Int) -> Source { Source(sources: self, file: file) }

    /// Whether a file's facts had to be decoded and did not decode: its declarations were then stood in for
    /// (`placeholder`), and the link must be redone from decoded facts.
    var failed: Bool { lock?.withLock { loadFailed } ?? false }

    /// How many files were decoded because a step read them (`-v`).
    var decodedOnDemand: Int { lock?.withLock { loadCount } ?? 0 }

    /// Whether the scanner reported anything in a file, without decoding it.
    func hasDiagnostics(_ file: Int) -> Bool {
        if let part = parts[file] { return part.hasDiagnostics }
        return !self[file].facts.diagnostics.isEmpty
    }

    /// Replaces a file's facts by its whole facts (same declarations, with their detail).
    func supply(_ whole: FileFacts, forFile file: Int) {
        if let lock {
            lock.withLock {
                facts[file] = whole
                loaded[file] = true
            }
        } else {
            facts[file] = whole
        }
    }

    fileprivate func address(ofFile file: Int) -> UnsafePointer<FileFacts> {
        if let lock {
            lock.withLock {
                guard !loaded[file] else { return }
                loadCount += 1
                if let decoded = loaders[file]?.load() {
                    facts[file] = decoded
                } else {
                    facts[file] = placeholder(file)
                    loadFailed = true
                }
                loaded[file] = true
            }
        }
        return UnsafePointer(facts + file)
    }

    /// Declarations of the kinds and names the part gives, so that no reader traps on a missing one.
    private func placeholder(_ file: Int) -> FileFacts {
        var facts = FileFacts()
        guard let part = parts[file] else { return facts }
        facts.declarations = part.names.indices.map { index in
            DeclarationFact(
                kind: part.kinds[index], name: part.names[index], scope: [],
                position: SourcePosition(line: 1, column: 1),
                access: .internal)
        }
        return facts
    }
}
