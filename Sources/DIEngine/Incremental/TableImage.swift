#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `<cache dir>/<target>.ditable`, beside the cache and the link state: every linked file's table part
/// (`TablePart`) with the path and facts digest it was made for. A link takes the part of every file
/// whose path and facts digest match and decodes only the others' interfaces (on a DI edit, the
/// edited file's), so the type table, the roles and the scanner's diagnostics need no other file's facts
/// (`LinkSources` decodes a file when a step reads it).
///
///     magic, format version (fixed 32), tool identity, entry count, entries, xxh3-64 of all before it
///
/// Written whole (the kept entries' bytes as read) and atomically after a link whose parts differ from the image read (off the critical
/// path, on the link state's thread). A missing, damaged, foreign-version or foreign-tool file is
/// ignored: every interface is decoded, and the file is written again.
enum TableImage {
    static let magic = Array("DITABLE\u{0}".utf8)
    /// Bump on any change to the encoding, or to what a part means.
    static let formatVersion: UInt32 = 5

    /// One file's part, valid for that path and facts digest (a function of the interface, but keyed by the
    /// whole facts' digest, which the cache's stat table holds: a kept file's facts are not even looked at).
    struct Entry: Equatable, Sendable {
        /// A run's entry holds its path; one read from an image, a range of the image's bytes: a string per
        /// entry was 10,000 allocations and UTF-8 checks on the image's thread, which a DI edit waits for.
        private var storedPath: StoredPath
        var factsDigest: UInt64
        var interfaceDigest: UInt64
        var part: TablePart

        var path: String {
            get {
                switch storedPath {
                case .string(let path): return path
                case .image(let bytes, let start, let count):
                    return String(decoding: bytes[Int(start)..<Int(start) + Int(count)], as: UTF8.self)
                }
            }
            set { storedPath = .string(newValue) }
        }

        init(path: String, factsDigest: UInt64, interfaceDigest: UInt64, part: TablePart) {
            self.init(storedPath: .string(path), factsDigest: factsDigest, interfaceDigest: interfaceDigest, part: part)
        }

        fileprivate init(storedPath: StoredPath, factsDigest: UInt64, interfaceDigest: UInt64, part: TablePart) {
            self.storedPath = storedPath
            self.factsDigest = factsDigest
            self.interfaceDigest = interfaceDigest
            self.part = part
        }

        /// Whether the entry is for `path`, compared as bytes in place for an entry read (no string made).
        func hasPath(_ path: String) -> Bool {
            guard case .image(let bytes, let start, let count) = storedPath else { return self.path == path }
            let answer = path.utf8.withContiguousStorageIfAvailable { wanted in
                wanted.count == Int(count)
                    && bytes.withUnsafeBufferPointer { stored in
                        wanted.isEmpty
                            || memcmp(stored.baseAddress! + Int(start), wanted.baseAddress!, wanted.count) == 0
                    }
            }
            return answer ?? (self.path == path)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.path == rhs.path && lhs.factsDigest == rhs.factsDigest && lhs.interfaceDigest == rhs.interfaceDigest
                && lhs.part == rhs.part
        }
    }

    /// Where an entry's path is: its own string, or `count` bytes from `start` in the image read.
    fileprivate enum StoredPath: Sendable {
        case string(String)
        case image([UInt8], start: UInt32, count: UInt32)
    }

    /// What a run found (`-v`): the entries, or why there are none, and the bytes each entry was read from
    /// (the next image copies those of the entries it keeps instead of encoding them again).
    struct Loaded: Sendable {
        var entries: [Entry]
        var note: String
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
    }

    static func path(cacheFile: String) -> String {
        let stem = cacheFile.hasSuffix(".dicache") ? String(cacheFile.dropLast(".dicache".count)) : cacheFile
        return stem + ".ditable"
    }

    /// The whole file; an entry with a position in `kept` is copied from `read`'s bytes of that entry.
    static func encode(
        _ entries: [Entry], identity: String, keeping kept: [Int?] = [], of read: Loaded? = nil
    ) -> [UInt8] {
        Array(pieces(entries, identity: identity, keeping: kept, of: read).joined())
    }

    /// `encode`'s bytes in pieces: the entries kept from `read` are slices of its bytes, a run of entries
    /// consecutive in both one slice, and the checksum is computed over the pieces. Writing the image again
    /// after a DI edit then copies no megabyte into a new buffer (fresh memory, on the link state's thread).
    static func pieces(
        _ entries: [Entry], identity: String, keeping kept: [Int?] = [], of read: Loaded? = nil
    ) -> [ArraySlice<UInt8>] {
        pieces(count: entries.count, identity: identity, keeping: kept, of: read) { entries[$0] }
    }

    /// `pieces` of `count` entries, `entry` giving those not kept from `read`, asked once each in increasing
    /// order (a DI edit's run makes one, and
    /// keeps no array of the other 9,999: copying each kept part into one cost the facts phase ~240 page
    /// faults and a retain per field per file on the generated 10,000-file project).
    static func pieces(
        count: Int, identity: String, keeping kept: [Int?], of read: Loaded?, entry: (Int) -> Entry
    ) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var writer = ByteWriter()
        writer.bytes = magic
        writer.writeFixed32(formatVersion)
        writer.writeString(identity)
        writer.writeVarint(count)
        // Kept bytes not yet added; it and `writer` are never both pending.
        var run: Range<Int>?
        for index in 0..<count {
            if index < kept.count, let position = kept[index], let read {
                let range = read.ranges[position]
                if !writer.bytes.isEmpty {
                    pieces.append(writer.bytes[...])
                    writer.bytes = []
                }
                if let current = run, current.upperBound == range.lowerBound {
                    run = current.lowerBound..<range.upperBound
                } else {
                    if let current = run { pieces.append(read.bytes[current]) }
                    run = range
                }
                continue
            }
            if let current = run, let read {
                pieces.append(read.bytes[current])
                run = nil
            }
            let made = entry(index)
            writer.writeString(made.path)
            writer.writeFixed64(made.factsDigest)
            writer.writeFixed64(made.interfaceDigest)
            made.part.encode(to: &writer)
        }
        if let current = run, let read { pieces.append(read.bytes[current]) }
        if !writer.bytes.isEmpty { pieces.append(writer.bytes[...]) }
        var hasher = XXH3Hasher()
        for piece in pieces { hasher.update(piece) }
        var checksum = ByteWriter()
        checksum.writeFixed64(hasher.finalize())
        pieces.append(checksum.bytes[...])
        return pieces
    }

    /// The entries of an intact file of this format and identity; none, with the reason, otherwise.
    static func decode(_ bytes: [UInt8], identity: String) -> Loaded {
        guard bytes.count >= magic.count + 12 else { return Loaded(entries: [], note: "damaged (too short)") }
        // Paths are kept as 32-bit offsets of these bytes.
        guard bytes.count <= Int(UInt32.max) else { return Loaded(entries: [], note: "damaged (too long)") }
        let body = bytes.count - 8
        let checksum = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: body, as: UInt64.self))
        }
        guard bytes[..<body].withUnsafeBytes({ Fingerprint.xxh3($0) }) == checksum else {
            return Loaded(entries: [], note: "damaged (checksum)")
        }
        return bytes[..<body].withUnsafeBytes { buffer -> Loaded in
            var reader = ByteReader(buffer)
            guard let head = try? reader.readRawBytes(count: magic.count), Array(head) == magic,
                (try? reader.readFixed32()) == formatVersion
            else { return Loaded(entries: [], note: "another format") }
            guard (try? reader.readString()) == identity else { return Loaded(entries: [], note: "another tool") }
            do throws(BinaryCodingError) {
                let count = try reader.readCount(minimumElementSize: 20)
                var entries: [Entry] = []
                var ranges: [Range<Int>] = []
                var columns = TablePart.ColumnsRead()
                entries.reserveCapacity(count)
                ranges.reserveCapacity(count)
                // About one declaration per 20 bytes of an entry (7 on the generated project's 165-byte entries).
                columns.names.reserveCapacity(body / 20)
                columns.kinds.reserveCapacity(body / 20)
                for _ in 0..<count {
                    let start = reader.offset
                    let pathCount = try reader.readCount()
                    let path = StoredPath.image(bytes, start: UInt32(reader.offset), count: UInt32(pathCount))
                    _ = try reader.readRawBytes(count: pathCount)
                    let factsDigest = try reader.readFixed64()
                    let interfaceDigest = try reader.readFixed64()
                    entries.append(
                        Entry(
                            storedPath: path, factsDigest: factsDigest, interfaceDigest: interfaceDigest,
                            part: try TablePart(from: &reader, appendingTo: &columns)))
                    ranges.append(start..<reader.offset)
                }
                guard reader.isAtEnd else { throw .invalid("trailing bytes") }
                let shared = TablePart.Columns(names: columns.names, kinds: columns.kinds, image: bytes)
                for index in entries.indices { entries[index].part.attach(shared) }
                return Loaded(entries: entries, note: "read \(count) parts", bytes: bytes, ranges: ranges)
            } catch {
                return Loaded(entries: [], note: "damaged (\(error))")
            }
        }
    }

    static func load(from path: String, identity: String) -> Loaded {
        switch LocalDisk.contents(of: path) {
        case .success(let bytes): decode(bytes, identity: identity)
        case .failure: Loaded(entries: [], note: "none")
        }
    }

    /// Writes the image atomically; the reason on failure (the next link decodes every interface again).
    static func save(_ pieces: [ArraySlice<UInt8>], to path: String) -> FileSystemError? {
        do throws(FileSystemError) {
            try AtomicFileWriter.write(pieces: pieces, to: path)
            return nil
        } catch {
            return error
        }
    }
}

/// Where each of a run's files is in the image, by path: both lists are in the inventory's order, so each
/// path is compared with the next entry (and, past a file added or removed, the next few); a dictionary of
/// the image's paths is made only for a path found in neither.
struct TableImageMatch {
    /// The image entry with each path, nil for a path the image does not hold.
    private(set) var positions: [Int?]

    init(paths: [String], image: [TableImage.Entry]) {
        positions = Array(repeating: nil, count: paths.count)
        var byPath: [String: Int]?
        var next = 0
        for index in paths.indices {
            let path = paths[index]
            if let ahead = (next..<min(next + 8, image.count)).first(where: { image[$0].hasPath(path) }) {
                positions[index] = ahead
                next = ahead + 1
                continue
            }
            if byPath == nil {
                var all: [String: Int] = [:]
                for (position, entry) in image.enumerated() where all[entry.path] == nil { all[entry.path] = position }
                byPath = all
            }
            if let position = byPath?[path] {
                positions[index] = position
                next = position + 1
            }
        }
    }
}
