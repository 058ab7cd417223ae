#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One directory tree walked by the calling thread and a helper thread at once, one directory at a time:
/// the walk is mostly system calls (`openat`, `getdents64`, one `fstatat` per Swift file), which both
/// cores can make. Either thread lists whichever directory is next; the calling thread then reports what
/// was found in the walk's own order (a directory's entries in path order, each subdirectory's in its
/// place), so the result does not depend on which thread listed what, or when.
final class SharedWalk: @unchecked Sendable {
    /// What the walk finds, in its order.
    enum Event {
        /// A directory is entered (`listed`: it could be listed, and was not excluded); a `leave` follows.
        case enter(InventoryPath, listed: Bool)
        case leave
        case file(display: String, status: FileStatus?)
        case diagnostic(Diagnostic)
    }

    /// A directory's findings in path order; a subdirectory by its position among the listing's children.
    private enum Item {
        case file(display: String, status: FileStatus?)
        case directory(Int)
        case diagnostic(Diagnostic)
    }

    private struct Node {
        var path: InventoryPath
        var ancestorsChecked: Bool
        /// The parent node (-1 for the root) and the directory's name in it.
        var parent = -1
        var name = ""
        /// The directory, open while some of its subdirectories are not opened yet (they are opened in it),
        /// else -1.
        var descriptor: Int32 = -1
        var unopenedChildren = 0
        var listed = false
        /// Set once a thread listed (or skipped) the directory; moved out when reported.
        var items: [Item]?
        /// The index of its first child node; the others follow it.
        var firstChild = 0
    }

    private struct Visit {
        var items: [Item] = []
        var children: [(path: InventoryPath, name: String)] = []
        var listed = false
        /// The directory, open, if it has subdirectories to open in it.
        var descriptor: Int32 = -1
    }

    private let lister: DirectoryLister
    private let excluder: ExcludeMatcher
    private let helperAllowed: Bool
    private let lock = ConditionLock()
    // Guarded by `lock`.
    private var nodes: [Node] = []
    /// Directories not taken by a thread yet, the next one last.
    private var pending: [Int] = []
    /// Directories being listed.
    private var busy = 0
    private var helper: JoinableThread?
    /// Directories the helper listed, for tests: read after `run`.
    private(set) var listedByHelper = 0

    /// `helperAllowed`: whether a second thread may help (one core has nothing to share the walk with).
    init(lister: DirectoryLister, excluder: ExcludeMatcher, helperAllowed: Bool = SharedWalk.hasSecondCore) {
        self.lister = lister
        self.excluder = excluder
        self.helperAllowed = helperAllowed
    }

    static let hasSecondCore: Bool = {
        #if canImport(Glibc)
            return sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1
        #else
            return true
        #endif
    }()

    /// Walks the tree at `root`, calling `report` for what is found in walk order, on this thread, while
    /// the walk goes on. Call once.
    func run(_ root: InventoryPath, ancestorsChecked: Bool, report: (Event) -> Void) {
        nodes = [Node(path: root, ancestorsChecked: ancestorsChecked)]
        pending = [0]
        var cursor = Cursor()
        // Reports what is complete so far after each listing, outside the lock but for the moment a node
        // is taken.
        work(isHelper: false) { cursor.advance(self, report: report) }
        helper?.join()
        helper = nil
        cursor.advance(self, report: report)
    }

    /// Lists directories until none are left to list and none are being listed, calling `afterEach` after
    /// each listing or wake-up, outside the lock. The calling thread starts the helper once there is work
    /// for two.
    private func work(isHelper: Bool, afterEach: () -> Void) {
        var startsHelper = false
        lock.lock()
        while true {
            if let node = pending.popLast() {
                busy += 1
                lock.unlock()
                let visit = visit(node)
                lock.lock()
                let finished = store(visit, at: node)
                if finished >= 0 {
                    lock.unlock()
                    _ = systemClose(finished)
                    lock.lock()
                }
                if isHelper {
                    listedByHelper += 1
                } else {
                    startsHelper = helper == nil && helperAllowed && pending.count > 1
                }
            } else if busy == 0 {
                break
            } else {
                lock.wait()
            }
            lock.unlock()
            // Outside the lock: a thread that cannot be made runs its work here instead (`JoinableThread`).
            // Only the calling thread reads or sets `helper`.
            if startsHelper {
                startsHelper = false
                helper = JoinableThread(stackSize: Self.helperStackSize) { [self] in work(isHelper: true) {} }
            }
            afterEach()
            lock.lock()
        }
        lock.unlock()
    }

    private static let helperStackSize = 512 << 10

    /// Records a listing (under the lock) and queues its subdirectories, the first on top; returns the
    /// parent's descriptor when this was the last of its subdirectories to be opened (to be closed), else -1.
    private func store(_ visit: Visit, at index: Int) -> Int32 {
        nodes[index].firstChild = nodes.count
        nodes[index].listed = visit.listed
        nodes[index].items = visit.items
        nodes[index].descriptor = visit.descriptor
        nodes[index].unopenedChildren = visit.children.count
        for child in visit.children {
            nodes.append(Node(path: child.path, ancestorsChecked: true, parent: index, name: child.name))
        }
        pending.append(contentsOf: (nodes[index].firstChild..<nodes.count).reversed())
        busy -= 1
        // Wakes a waiting thread for new work, or everyone when the walk is over (or the reporter, which
        // may be waiting for this very listing).
        lock.broadcast()
        let parent = nodes[index].parent
        guard parent >= 0 else { return -1 }
        nodes[parent].unopenedChildren -= 1
        guard nodes[parent].unopenedChildren == 0 else { return -1 }
        defer { nodes[parent].descriptor = -1 }
        return nodes[parent].descriptor
    }

    /// Lists one directory, on whichever thread: hidden entries and links to directories are skipped,
    /// excluded subtrees never listed.
    private func visit(_ index: Int) -> Visit {
        let (directory, ancestorsChecked, parent, name) = lock.withLock {
            let node = nodes[index]
            return (node.path, node.ancestorsChecked, node.parent >= 0 ? nodes[node.parent].descriptor : -1, node.name)
        }
        var visit = Visit()
        if excluder.excludes(directory.absolute, ancestorsChecked: ancestorsChecked) { return visit }
        guard let listing = lister.listing(of: directory, in: parent, named: name) else { return visit }
        visit.listed = true
        let entries = listing.entries
        // The entries are visited through their sorted indices (a sorted copy of them cost an array and a
        // retain per name, per directory), or in their order when it is the path order already.
        let order = listing.inPathOrder ? nil : PathOrderKey.sortedIndices(entries)
        for position in entries.indices {
            let entry = entries[order?[position] ?? position]
            if entry.isHidden { continue }
            if !entry.hasValidName && (entry.kind.isDirectory || SourceCollector.isSwiftFile(entry.name)) {
                visit.items.append(.diagnostic(Diagnostic(.nameNotUTF8, directory.appending(entry.name).display)))
                continue
            }
            switch entry.kind {
            case .directory:
                visit.items.append(.directory(visit.children.count))
                visit.children.append((directory.appending(entry.name), entry.name))
            case .file, .symlinkToFile:
                guard SourceCollector.isSwiftFile(entry.name) else { continue }
                // A file's absolute path is joined only when an exclude entry has to look at it.
                if !excluder.isEmpty,
                    excluder.excludes(LexicalPath.appending(directory.absolute, entry.name), ancestorsChecked: true)
                {
                    continue
                }
                visit.items.append(
                    .file(display: LexicalPath.appending(directory.display, entry.name), status: entry.status))
            case .symlinkToDirectory, .other:
                continue
            }
        }
        if visit.children.isEmpty {
            listing.closeDirectory()
        } else {
            visit.descriptor = listing.descriptor
        }
        return visit
    }

    /// Where the report stands: the directories entered and not left, each with its items and the
    /// position of the next.
    private struct Cursor {
        private struct Frame {
            var node: Int
            var items: [Item]?
            var position = 0
            var firstChild = 0
        }

        private var frames = [Frame(node: 0)]

        /// Reports everything that can be reported in order, and stops at the first directory not listed yet.
        mutating func advance(_ walk: SharedWalk, report: (Event) -> Void) {
            while !frames.isEmpty {
                let top = frames.count - 1
                if frames[top].items == nil {
                    guard let taken = walk.take(frames[top].node) else { return }
                    frames[top].items = taken.items
                    frames[top].firstChild = taken.firstChild
                    report(.enter(taken.path, listed: taken.listed))
                }
                if let child = reportUntilChild(of: top, report: report) {
                    frames.append(Frame(node: child))
                } else {
                    frames.removeLast()
                    report(.leave)
                }
            }
        }

        /// Reports the frame's items up to its next subdirectory, which it returns (nil: the frame is done).
        /// Each item is moved out of the frame's list as it is reported (a copy retained its path, made
        /// on whichever thread listed the directory, and the list released it again when freed).
        private mutating func reportUntilChild(of top: Int, report: (Event) -> Void) -> Int? {
            var items = frames[top].items.take()!
            defer { frames[top].items = items }
            while frames[top].position < items.count {
                var item = Item.directory(0)
                swap(&item, &items[frames[top].position])
                frames[top].position += 1
                switch consume item {
                case .file(let display, let status): report(.file(display: display, status: status))
                case .diagnostic(let diagnostic): report(.diagnostic(diagnostic))
                case .directory(let child): return frames[top].firstChild + child
                }
            }
            return nil
        }
    }

    /// A listed node's findings, moved out; nil while it is not listed yet.
    private func take(_ index: Int) -> (path: InventoryPath, listed: Bool, items: [Item], firstChild: Int)? {
        lock.withLock {
            guard let items = nodes[index].items.take() else { return nil }
            return (nodes[index].path, nodes[index].listed, items, nodes[index].firstChild)
        }
    }
}
