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
    private var listings: [String: [DirectoryEntry]] = [:]
    /// The directories listed, in the order listed (a walk's is nearly byte order), maybe more than once.
    private var enumerated: [String] = []
    /// Where a walk's listings come from instead of `disk` (which it must then be a `LocalDisk`), if anywhere.
    let listingCache: ListingCache?

    init(currentDirectory: String?, disk: any DiskInterface = LocalDisk(), listingCache: ListingCache? = nil) {
        self.currentDirectory = currentDirectory
        self.disk = disk
        self.listingCache = listingCache
    }

    func fileSystemPath(_ displayPath: String) -> String {
        LexicalPath.fileSystemPath(displayPath, currentDirectory: currentDirectory)
    }

    /// The kind of what `displayPath` names, links followed; nil when nothing is there.
    func kind(of displayPath: String) -> EntryKind? {
        disk.kind(of: fileSystemPath(displayPath))
    }

    /// The entries of `directory`, or nil when it cannot be listed (then it is not recorded).
    ///
    /// A listing is kept for a second look only when `keeping`: a glob lists directories that the walk
    /// of its matches lists again, but a walk lists each directory once, and keeping all of its listings
    /// (some 7 KB each) touched about 180 fresh pages per 100 directories, where a listing let go is
    /// reused by malloc for the next.
    func entries(of directory: InventoryPath, keeping: Bool = true) -> [DirectoryEntry]? {
        let key = fileSystemPath(directory.display)
        if let cached = listings.isEmpty ? nil : listings[key] {
            enumerated.append(directory.display)
            return cached
        }
        guard let entries = disk.entries(ofDirectory: key) else { return nil }
        if keeping { listings[key] = entries }
        enumerated.append(directory.display)
        return entries
    }

    /// The entries of `directory` for a walk, on any thread (`SharedWalk`): a listing kept earlier is only
    /// read, nothing is kept or recorded; the walk's own thread records the directory (`record`). Through
    /// the listing cache the directory is opened as `name` in `parent` when that is open (its path then
    /// costs one lookup instead of one per component), and left open (`DirectoryListing.descriptor`).
    func listing(of directory: InventoryPath, in parent: Int32 = -1, named name: String = "") -> DirectoryListing? {
        let key = fileSystemPath(directory.display)
        if let cached = listings.isEmpty ? nil : listings[key] { return DirectoryListing(entries: cached) }
        if let listingCache { return listingCache.listing(ofDirectory: key, in: parent, named: name) }
        return disk.entries(ofDirectory: key).map { DirectoryListing(entries: $0) }
    }

    /// Records a directory listed with `listing(of:)`.
    func record(_ directory: InventoryPath) {
        enumerated.append(directory.display)
    }

    /// Every directory listed, once, in byte order. Kept as a list rather than a set: hashing each path as
    /// it was listed, and sorting them from the set's order, cost more than sorting the walk's order, which
    /// is sorted but where a name that continues past another's end (`A.b` before `A/`) breaks a run.
    func enumeratedDirectories() -> [String] {
        var sorted = ByteOrder.sorted(enumerated)
        sorted.removeAdjacentDuplicates()
        return sorted
    }
}

/// A directory's entries as a walk takes them.
struct DirectoryListing {
    var entries: [DirectoryEntry]
    /// Whether `entries` are in the walk's path order already (`PathOrderKey`), as stored listings are.
    var inPathOrder = false
    /// The directory, still open (its subdirectories can be opened in it), or -1; the taker closes it.
    var descriptor: Int32 = -1

    func closeDirectory() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }
}

extension Array where Element: Equatable {
    /// Leaves one of each run of equal elements.
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            if index != kept { swapAt(index, kept) }
            kept += 1
        }
        removeSubrange(kept...)
    }
}
