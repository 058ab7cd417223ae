/// Every file one target reads, as display paths.
struct Inventory: Sendable, Equatable {
    /// Swift sources to scan: deduplicated, sorted by display path (UTF-8 byte order).
    var sources: [String] = []
    /// Property files in application order; a file listed several times appears at every position.
    var propertyFiles: [String] = []
    /// `Deli.resolved` files of `dependencies`, in dependency order.
    var resolvedFiles: [String] = []
    /// Every directory listed by a walk or a glob expansion: sorted, deduplicated (for the depfile).
    var directories: [String] = []
    /// `I06` (missing literal entry), `I07` (glob without match), `I12` (no sources).
    var diagnostics: [Diagnostic] = []
    /// Whether the factory's path was among the candidate sources (and left out of `sources`).
    var skippedOutput = false
    /// The stats the walk took of the sources (relative to the directory it was listing, in directory
    /// order), so that the cache lookup need not stat them again.
    var walkedStatuses = WalkedStatuses()

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Stats taken while listing directories, for the sources as the inventory found them. Not part of an
/// inventory's value: two inventories with the same files are equal whenever they were stat'd.
struct WalkedStatuses: Sendable, Equatable {
    private var sources: [String] = []
    private var statuses: [FileStatus?] = []

    init() {}

    init(sources: [String], statuses: [FileStatus?]) {
        self.sources = sources
        self.statuses = statuses
    }

    /// One status per source (nil where none was taken), if `sources` is still the list they were taken
    /// for (the same array: comparing it is then immediate).
    func statuses(for sources: [String]) -> [FileStatus?]? {
        sources.count == statuses.count && sources == self.sources ? statuses : nil
    }

    static func == (lhs: WalkedStatuses, rhs: WalkedStatuses) -> Bool { true }
}
