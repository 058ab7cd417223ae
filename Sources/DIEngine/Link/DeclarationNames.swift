/// A name per declaration, each file's in one range of an array: a dictionary keyed by `DeclarationRef`
/// cost a hash per declaration of the project on every link, and an array per file an allocation per file.
///
/// The files whose names are a range of the table image's shared column (`TablePart.names`: every kept
/// file on a DI edit) point into that array itself; only the other files' names are copied, into `own`.
/// Copying every name into one new array of the table's cost a retain per declaration and a megabyte of
/// fresh memory on the generated 10,000-file project.
struct DeclarationNames {
    /// One file's names: `count` from `start` in `shared`, or from `~start` in `own` when `start` is negative.
    private struct FileRange {
        var start: Int32
        var count: Int32
    }

    private var shared: [String] = []
    private var own: [String] = []
    private var ranges: [FileRange] = []

    subscript(ref: DeclarationRef) -> String? {
        guard ref.file >= 0, ref.file < ranges.count, ref.index >= 0 else { return nil }
        let range = ranges[ref.file]
        guard ref.index < Int(range.count) else { return nil }
        return range.start >= 0 ? shared[Int(range.start) + ref.index] : own[Int(~range.start) + ref.index]
    }

    /// The names of one file's declarations, in order (an array of their own: a few files ask).
    func names(inFile file: Int) -> [String] {
        guard file >= 0, file < ranges.count else { return [] }
        let range = ranges[file]
        let start = Int(range.start >= 0 ? range.start : ~range.start)
        let names = range.start >= 0 ? shared : own
        return Array(names[start..<(start + Int(range.count))])
    }

    mutating func reserveCapacity(files: Int) { ranges.reserveCapacity(files) }

    /// Adds the next file's names, from a part: pointing into the first shared column met (one holding more
    /// than this part's names), copied otherwise.
    mutating func append(_ column: PartColumn<String>) {
        let base = column.base
        if shared.isEmpty && base.count > column.count { shared = base }
        if column.count > 0, column.offset <= Int(Int32.max), Self.isSameArray(base, shared) {
            ranges.append(FileRange(start: Int32(column.offset), count: Int32(column.count)))
        } else {
            append(contentsOf: column.elements)
        }
    }

    /// Makes `appendShared` point into `names` (the table image's column); only before any file is added.
    mutating func useShared(_ names: [String]) {
        precondition(ranges.isEmpty, "the shared column is chosen before any file is added")
        shared = names
    }

    /// Adds the next file's names: this range of the shared column (`useShared`).
    mutating func appendShared(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= shared.count && range.upperBound <= Int(Int32.max))
        ranges.append(FileRange(start: Int32(range.lowerBound), count: Int32(range.count)))
    }

    /// Adds the next file's names, copied.
    mutating func append<Names: Collection<String>>(contentsOf names: Names) {
        ranges.append(FileRange(start: ~Int32(own.count), count: Int32(names.count)))
        own.append(contentsOf: names)
    }

    /// Replaces one file's names (renaming is rare: the old ones stay, unreachable).
    mutating func replace(namesInFile file: Int, with replacement: [String]) {
        guard file >= 0, file < ranges.count else { return }
        ranges[file] = FileRange(start: ~Int32(own.count), count: Int32(replacement.count))
        own += replacement
    }

    /// Whether a file's names are a range of the shared column, not a copy.
    func isShared(file: Int) -> Bool { file >= 0 && file < ranges.count && ranges[file].start >= 0 }

    /// How many names a file has.
    func count(inFile file: Int) -> Int { file >= 0 && file < ranges.count ? Int(ranges[file].count) : 0 }

    private static func isSameArray(_ lhs: [String], _ rhs: [String]) -> Bool {
        lhs.withUnsafeBufferPointer { lhs in rhs.withUnsafeBufferPointer { $0.baseAddress == lhs.baseAddress } }
    }
}
