#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a successful `build` of one target produced, kept as the payload of the cache's run record. A
/// later run whose inputs digest is the same, and whose outputs are still the recorded ones, replays it
/// instead of decoding facts, linking and generating: the result is the same by construction (cache
/// transparency).
struct BuildRecord: Equatable {
    /// `BuildInputs.factsDigest` of the run; the run record's own digest is the content digest.
    var factsDigest: UInt64
    /// The diagnostics of the stages after the inventory (warnings only, since the run succeeded); printed
    /// again on every run that replays the record.
    var diagnostics: [Diagnostic]
    /// The depfile, which every successful run writes again (Ninja deletes it after reading it).
    var depfile: RecordedFile?
    /// The factory and the resolved file as they were left on disk.
    var outputs: [OutputStamp]

    /// The depfile's bytes, not a `String`: a replay writes them from the record's payload as they are (a
    /// 390 KB depfile was checked as UTF-8 and copied twice on its way from the cache to the disk).
    struct RecordedFile: Equatable {
        var path: String
        var bytes: ArraySlice<UInt8>
        /// `DepfileInputs.key` of the paths and settings the depfile was made from, with the diagnostics
        /// its paths caused: a rebuild from the same inputs takes both instead of rendering them again.
        var key: UInt64?
        var diagnostics: [Diagnostic]

        init(path: String, bytes: ArraySlice<UInt8>, key: UInt64? = nil, diagnostics: [Diagnostic] = []) {
            self.path = path
            self.bytes = bytes
            self.key = key
            self.diagnostics = diagnostics
        }

        init(path: String, text: String) {
            self.init(path: path, bytes: Array(text.utf8)[...])
        }
    }

    /// Size and content hash of an output, plus its mtime when it is known at the time the record is
    /// made (the cache is written before the outputs, so a replaced output's mtime is not).
    struct OutputStamp: Equatable {
        var path: String
        var size: UInt64
        var modificationTime: Int64?
        var contentHash: UInt64

        /// The stamp of `text` about to be written to `path`: the current mtime if the file already holds
        /// these bytes (it will not be rewritten).
        init(expecting text: String, at path: String) {
            self.init(expecting: Array(text.utf8), at: path)
        }

        /// The stamp of `bytes` about to be written to `path`, hashed where they are. A file of the same
        /// size on disk is hashed in chunks, not read whole into fresh memory.
        init(expecting bytes: [UInt8], at path: String) {
            self.path = path
            size = UInt64(bytes.count)
            contentHash = Fingerprint.xxh3(bytes)
            modificationTime = nil
            if let status = FileStatus.ifExists(path: path), status.size == size,
                (try? Fingerprint.xxh3(fileAt: path)) == contentHash
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

    /// The payload bytes, written field by field like the facts (`FactsCodec`).
    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        // Room for the depfile up front: grown by doubling, a 400 KB depfile was copied several times.
        writer.bytes.reserveCapacity((depfile?.bytes.count ?? 0) + 256 * (diagnostics.count + outputs.count + 1))
        writer.writeFixed64(factsDigest)
        writer.writeVarint(diagnostics.count)
        for diagnostic in diagnostics { writer.writeDiagnostic(diagnostic) }
        writer.writeByte(depfile == nil ? 0 : 1)
        if let depfile {
            writer.writeString(depfile.path)
            writer.writeBytes(depfile.bytes)
            writer.writeByte(depfile.key == nil ? 0 : 1)
            if let key = depfile.key { writer.writeFixed64(key) }
            writer.writeVarint(depfile.diagnostics.count)
            for diagnostic in depfile.diagnostics { writer.writeDiagnostic(diagnostic) }
        }
        writer.writeVarint(outputs.count)
        for output in outputs {
            writer.writeString(output.path)
            writer.writeVarint(output.size)
            writer.writeByte(output.modificationTime == nil ? 0 : 1)
            if let time = output.modificationTime { writer.writeSigned(time) }
            writer.writeFixed64(output.contentHash)
        }
        return writer.bytes
    }

    /// Nil when the payload does not decode (damage): the run then takes the full path.
    static func decode(_ payload: [UInt8]) -> BuildRecord? {
        payload.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            let record = try? reader.readBuildRecord(of: payload)
            return reader.isAtEnd ? record : nil
        }
    }
}

extension BuildRecord.OutputStamp {
    init(path: String, size: UInt64, modificationTime: Int64?, contentHash: UInt64) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.contentHash = contentHash
    }
}

extension ByteReader {
    /// `payload` is the array this reader reads: the depfile is a slice of it.
    fileprivate mutating func readBuildRecord(of payload: [UInt8]) throws(BinaryCodingError) -> BuildRecord {
        let factsDigest = try readFixed64()
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try readCount()) { diagnostics.append(try readDiagnostic()) }
        var depfile: BuildRecord.RecordedFile?
        switch try readByte() {
        case 0: break
        case 1:
            let path = try readString()
            let count = try readCount()
            let start = offset
            _ = try readRawBytes(count: count)
            let key: UInt64? =
                switch try readByte() {
                case 0: nil
                case 1: try readFixed64()
                default: throw .invalid("depfile key tag")
                }
            var depfileDiagnostics: [Diagnostic] = []
            for _ in 0..<(try readCount()) { depfileDiagnostics.append(try readDiagnostic()) }
            depfile = BuildRecord.RecordedFile(
                path: path, bytes: payload[start..<start + count], key: key, diagnostics: depfileDiagnostics)
        default: throw .invalid("depfile tag")
        }
        var outputs: [BuildRecord.OutputStamp] = []
        for _ in 0..<(try readCount()) {
            let path = try readString()
            let size = try readVarint()
            let time: Int64? =
                switch try readByte() {
                case 0: nil
                case 1: try readSigned()
                default: throw .invalid("mtime tag")
                }
            outputs.append(.init(path: path, size: size, modificationTime: time, contentHash: try readFixed64()))
        }
        return BuildRecord(factsDigest: factsDigest, diagnostics: diagnostics, depfile: depfile, outputs: outputs)
    }

    mutating func readDiagnostic() throws(BinaryCodingError) -> Diagnostic {
        let code = try readString()
        let severity = try readCode(Severity.byCode)
        let message = try readString()
        let location = try readLocation()
        var notes: [DiagnosticNote] = []
        for _ in 0..<(try readCount()) { notes.append(DiagnosticNote(try readString(), at: try readLocation())) }
        return Diagnostic(code, severity, message, at: location, notes: notes)
    }

    /// What `writeLocation` wrote. A path equal to the one before shares its string.
    mutating func readLocation() throws(BinaryCodingError) -> SourceLocation? {
        let lengthPlusOne = try readVarint()
        guard lengthPlusOne > 0 else { return nil }
        guard lengthPlusOne - 1 <= UInt64(remaining) else { throw .truncated }
        let bytes = try readRawBytes(count: Int(lengthPlusOne - 1))
        let path: String
        if let last = lastPath, last.bytes.count == bytes.count,
            bytes.isEmpty || memcmp(last.bytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        {
            path = last.string
        } else {
            path = String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
            lastPath = (bytes, path)
        }
        return SourceLocation(path: path, line: try readInt(), column: try readInt())
    }
}

/// Writes diagnostics and locations: the run record writes their strings in place (`ByteWriter`), the link
/// state through its string table (`LinkStateWriter`).
protocol DiagnosticWriter {
    mutating func writeString(_ string: String)
    mutating func writeOptionalString(_ string: String?)
    mutating func writeByte(_ byte: UInt8)
    mutating func writeVarint(_ value: UInt64)
}

extension ByteWriter: DiagnosticWriter {}

extension DiagnosticWriter {
    mutating func writeDiagnostic(_ diagnostic: Diagnostic) {
        writeString(diagnostic.code)
        writeByte(diagnostic.severity.code)
        writeString(diagnostic.message)
        writeLocation(diagnostic.location)
        writeVarint(UInt64(diagnostic.notes.count))
        for note in diagnostic.notes {
            writeString(note.message)
            writeLocation(note.location)
        }
    }

    mutating func writeLocation(_ location: SourceLocation?) {
        writeOptionalString(location?.path)
        guard let location else { return }
        writeVarint(UInt64(clamping: location.line))
        writeVarint(UInt64(clamping: location.column))
    }
}
