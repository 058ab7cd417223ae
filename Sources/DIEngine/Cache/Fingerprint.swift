import CXXHash

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// xxh3-64 content fingerprints (libxxhash).
enum Fingerprint {
    /// xxh3-64 of a byte buffer.
    static func xxh3(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        XXH3_64bits(bytes.baseAddress, bytes.count)
    }

    /// xxh3-64 of any contiguous bytes (`[UInt8]`, `ArraySlice<UInt8>`, `Data`…).
    static func xxh3<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ xxh3(UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(bytes).withUnsafeBytes { xxh3($0) }
    }

    /// xxh3-64 of a file's content, read in fixed-size chunks so large files are never copied whole.
    static func xxh3(fileAt path: String) throws(FileSystemError) -> UInt64 {
        let file = try OpenFile(path: path)
        defer { file.close() }
        var hasher = XXH3Hasher()
        let chunkSize = 1 << 16
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try file.read(into: chunk)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
        return hasher.finalize()
    }
}

/// Streaming xxh3-64 over several pieces; the result equals `Fingerprint.xxh3` of their concatenation.
/// Also the way to build a digest from structured data (`update(_:)` for integers and strings).
/// Small pieces are gathered in a buffer and handed to libxxhash a few kilobytes at a time: a digest over
/// ten thousand paths makes three pieces per path, and a library call per piece cost more than the
/// hashing. Streaming xxh3 does not depend on how the input is split, so the digests are the same.
struct XXH3Hasher: ~Copyable {
    private let state: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer
    private var buffered = 0

    private static let bufferSize = 4096

    init() {
        // XXH3_createState only fails when malloc fails, which Swift treats as fatal everywhere else too.
        guard let state = XXH3_createState() else { fatalError("out of memory") }
        XXH3_64bits_reset(state)
        self.state = state
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
    }

    deinit {
        XXH3_freeState(state)
        buffer.deallocate()
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if buffered + bytes.count > Self.bufferSize { flush() }
        if bytes.count >= Self.bufferSize {
            XXH3_64bits_update(state, bytes.baseAddress, bytes.count)
        } else {
            buffer.baseAddress!.advanced(by: buffered).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            buffered += bytes.count
        }
    }

    mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// A string as its UTF-8 length followed by its bytes, so that consecutive strings cannot run together.
    mutating func update(_ string: String) {
        update(UInt64(string.utf8.count))
        var copy = string
        copy.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// An integer as 8 little-endian bytes.
    mutating func update(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { update($0) }
    }

    consuming func finalize() -> UInt64 {
        flush()
        return XXH3_64bits_digest(state)
    }

    private mutating func flush() {
        guard buffered > 0 else { return }
        XXH3_64bits_update(state, buffer.baseAddress, buffered)
        buffered = 0
    }
}
