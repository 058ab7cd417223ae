/// The link units of the last build of a target, kept beside its cache as `<target>.dilink`
/// (`docs/incremental.md`). Only a speed-up: a missing, damaged or foreign file is ignored, and every unit is
/// checked against this run's facts and name views before it is reused.
struct LinkState: Equatable {
    /// Facts digest of every linked file, by path, when the units were made.
    var factsDigests: [String: UInt64]
    var views: NameViews
    var typeUnits: [String: TypeLinkUnit]
    var fileUnits: [String: FileLinkUnit]
    /// The declared types the graph described (`LinkedGraph.types`), a function of each name's view.
    var types: [String: DeclaredType] = [:]
    /// The bytes units had in the state file they were read from; not part of the state's value.
    var encoded = EncodedUnits()

    static func == (lhs: LinkState, rhs: LinkState) -> Bool {
        lhs.factsDigests == rhs.factsDigests && lhs.views == rhs.views && lhs.typeUnits == rhs.typeUnits
            && lhs.fileUnits == rhs.fileUnits && lhs.types == rhs.types
    }

    /// Every name some unit looked up.
    var reads: Set<UInt64> {
        var reads: Set<UInt64> = []
        for unit in typeUnits.values { reads.formUnion(unit.reads) }
        for unit in fileUnits.values { reads.formUnion(unit.reads) }
        return reads
    }
}

/// The encoded units of a state file, by type name and path: a unit reused unchanged is written back as
/// these bytes instead of being encoded again.
struct EncodedUnits {
    var typeUnits: [String: ArraySlice<UInt8>] = [:]
    var fileUnits: [String: ArraySlice<UInt8>] = [:]
}

/// Reads and writes `LinkState` files: a fixed head (magic, format version, tool identity, payload length
/// and xxh3 checksum), then the payload written field by field (`LinkStateCodec`).
enum LinkStateFile {
    static let magic = Array("DILINK\u{0}\u{0}".utf8)
    /// Bump on any change to the payload, or to what a unit means.
    static let formatVersion: UInt32 = 4

    /// `<cache dir>/<target>.dilink`, beside the target's cache file.
    static func path(cacheFile: String) -> String {
        let stem = cacheFile.hasSuffix(".dicache") ? String(cacheFile.dropLast(".dicache".count)) : cacheFile
        return stem + ".dilink"
    }

    static func encode(_ state: LinkState, identity: String) -> [UInt8] {
        Array(encodedPieces(state, identity: identity).joined())
    }

    /// The head and the payload, which `save` writes without joining them (megabytes on a large project).
    private static func encodedPieces(_ state: LinkState, identity: String) -> [ArraySlice<UInt8>] {
        var payload = ByteWriter()
        payload.writeLinkState(state)
        var head = ByteWriter()
        head.bytes = magic
        head.writeFixed32(formatVersion)
        head.writeString(identity)
        head.writeVarint(payload.bytes.count)
        head.writeFixed64(Fingerprint.xxh3(payload.bytes))
        return [head.bytes[...], payload.bytes[...]]
    }

    /// Nil for anything but an intact file of this format and identity.
    static func decode(_ bytes: [UInt8], identity: String) -> LinkState? {
        bytes.withUnsafeBytes { buffer -> LinkState? in
            var reader = ByteReader(buffer)
            guard let magic = try? reader.readRawBytes(count: Self.magic.count), Array(magic) == Self.magic,
                (try? reader.readFixed32()) == formatVersion, (try? reader.readString()) == identity,
                let length = try? reader.readCount(), let checksum = try? reader.readFixed64(),
                length == reader.remaining,
                Fingerprint.xxh3(UnsafeRawBufferPointer(rebasing: buffer[reader.offset...])) == checksum
            else { return nil }
            guard let state = try? reader.readLinkState(source: bytes), reader.isAtEnd else { return nil }
            return state
        }
    }

    /// The state stored at `path`, or nil (no file, unreadable, damaged or foreign).
    static func load(from path: String, identity: String) -> LinkState? {
        guard let bytes = try? OpenFile.contents(atPath: path) else { return nil }
        return decode(bytes, identity: identity)
    }

    /// Writes atomically; a failure only costs the next build its reuse, so it is returned for `-v`.
    static func save(_ state: LinkState, to path: String, identity: String) -> FileSystemError? {
        do throws(FileSystemError) {
            try AtomicFileWriter.write(pieces: encodedPieces(state, identity: identity), to: path)
            return nil
        } catch {
            return error
        }
    }
}
