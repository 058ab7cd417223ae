/// A path known both as the user sees it and in the absolute, lexically resolved form that `exclude`
/// and deduplication compare.
struct InventoryPath: Sendable, Hashable {
    var display: String
    var absolute: String

    func appending(_ name: String) -> InventoryPath {
        let childAbsolute =
            name == ".."
            ? LexicalPath.absolute(absolute + "/..", currentDirectory: "/") : LexicalPath.appending(absolute, name)
        return InventoryPath(display: LexicalPath.appending(display, name), absolute: childAbsolute)
    }
}

/// Lists directories once per inventory run and remembers every directory it listed, which is
/// exactly the set the depfile must name.
final class DirectoryLister {
    private let currentDirectory: String?
    let disk: any DiskInterface
    /// Whether a walk lists the directories below its root on a second thread (`ListingPrefetch`).
    let prefetches: Bool
    private var listings: [String: [DirectoryEntry]] = [:]
    private(set) var enumerated: Set<String> = []
    private var prefetch: ListingPrefetch?

    init(currentDirectory: String?, disk: any DiskInterface = LocalDisk(), prefetches: Bool = true) {
        self.currentDirectory = currentDirectory
        self.disk = disk
        self.prefetches = prefetches
    }

    /// Runs `walk`, with the directories it will enter (`descends`, see `ListingPrefetch`) listed ahead of
    /// it on a second thread.
    func prefetching<Result>(
        descends: @escaping @Sendable (InventoryPath, DirectoryEntry) -> InventoryPath?, _ walk: () -> Result
    ) -> Result {
        guard prefetches, prefetch == nil else { return walk() }
        let disk = disk
        let currentDirectory = currentDirectory
        let prefetch = ListingPrefetch(
            list: { directory in
                disk.entries(
                    ofDirectory: LexicalPath.fileSystemPath(directory.display, currentDirectory: currentDirectory)
                ).map(Self.inPathOrder)
            }, descends: descends)
        self.prefetch = prefetch
        defer {
            prefetch.close()
            self.prefetch = nil
        }
        return walk()
    }

    func fileSystemPath(_ displayPath: String) -> String {
        LexicalPath.fileSystemPath(displayPath, currentDirectory: currentDirectory)
    }

    /// The kind of what `displayPath` names, links followed; nil when nothing is there.
    func kind(of displayPath: String) -> EntryKind? {
        disk.kind(of: fileSystemPath(displayPath))
    }

    /// The entries of `directory` in the byte order of the paths they lead to, or nil when it cannot be
    /// listed (then it is not recorded).
    func entries(of directory: InventoryPath) -> [DirectoryEntry]? {
        let key = fileSystemPath(directory.display)
        if let cached = listings[key] {
            enumerated.insert(directory.display)
            return cached
        }
        let listing = prefetch.map { $0.entries(of: directory) } ?? disk.entries(ofDirectory: key).map(Self.inPathOrder)
        guard let entries = listing else { return nil }
        listings[key] = entries
        enumerated.insert(directory.display)
        return entries
    }

    /// `entries` in the byte order of the display paths they lead to: a directory's files and subtrees
    /// come after the entries whose names sort before `name/`.
    static func inPathOrder(_ entries: [DirectoryEntry]) -> [DirectoryEntry] {
        let keys = entries.map { $0.kind == .directory ? $0.name + "/" : $0.name }
        return ByteOrder.sortedIndices(keys).map { entries[$0] }
    }
}
