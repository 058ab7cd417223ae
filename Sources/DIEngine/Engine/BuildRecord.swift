/// What a successful `build` of one target produced, kept as the payload of the cache's run record. A
/// later run whose inputs digest is the same, and whose outputs are still the recorded ones, replays it
/// instead of decoding facts, linking and generating: the result is the same by construction (cache
/// transparency, `README.md` rule 2).
struct BuildRecord: Codable, Equatable {
    /// `BuildInputs.factsDigest` of the run; the run record's own digest is the content digest.
    var factsDigest: UInt64
    /// The diagnostics of the stages after the inventory (warnings only, since the run succeeded); printed
    /// again on every run that replays the record.
    var diagnostics: [Diagnostic]
    /// The depfile, which every successful run writes again (Ninja deletes it after reading it).
    var depfile: RecordedFile?
    /// The factory and the resolved file as they were left on disk.
    var outputs: [OutputStamp]

    struct RecordedFile: Codable, Equatable {
        var path: String
        var text: String
    }

    /// Size and content hash of an output, plus its mtime when it is known at the time the record is
    /// made (the cache is written before the outputs, §4.2, so a replaced output's mtime is not).
    struct OutputStamp: Codable, Equatable {
        var path: String
        var size: UInt64
        var modificationTime: Int64?
        var contentHash: UInt64

        /// The stamp of `text` about to be written to `path`: the current mtime if the file already holds
        /// these bytes (it will not be rewritten).
        init(expecting text: String, at path: String) {
            let bytes = Array(text.utf8)
            self.path = path
            size = UInt64(bytes.count)
            contentHash = Fingerprint.xxh3(bytes)
            modificationTime = nil
            if let status = FileStatus.ifExists(path: path), status.size == size,
                (try? OpenFile.contents(atPath: path)).map(Fingerprint.xxh3) == contentHash
            {
                modificationTime = status.modificationTime
            }
        }

        /// Whether the file on disk is still the recorded one: same size and mtime, or same size and hash.
        var isIntact: Bool {
            guard let status = FileStatus.ifExists(path: path), !status.isDirectory, status.size == size else {
                return false
            }
            if status.modificationTime == modificationTime { return true }
            return (try? Fingerprint.xxh3(fileAt: path)) == contentHash
        }
    }

    /// The payload bytes: the key names of the binary encoding, then the encoded record.
    func encoded() -> [UInt8]? {
        var encoder = BinaryEncoder()
        guard let body = try? encoder.encode(self) else { return nil }
        var writer = ByteWriter()
        writer.writeVarint(encoder.keyTable.count)
        for name in encoder.keyTable.names { writer.writeString(name) }
        writer.bytes.append(contentsOf: body)
        return writer.bytes
    }

    /// Nil when the payload does not decode (an older layout, or damage): the run then takes the full path.
    static func decode(_ payload: [UInt8]) -> BuildRecord? {
        payload.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            guard let count = try? reader.readCount() else { return nil }
            var names: [String] = []
            for _ in 0..<count {
                guard let name = try? reader.readString() else { return nil }
                names.append(name)
            }
            let body = UnsafeRawBufferPointer(rebasing: buffer[reader.offset...])
            return try? BinaryDecoder(keyNames: names).decode(BuildRecord.self, from: body)
        }
    }
}
