/// A rendered depfile and the diagnostics its paths caused (`O05` errors, `O06` warnings).
struct DepfileRendering: Sendable, Equatable {
    /// The depfile's UTF-8, as written.
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The dependencies as listed, unescaped, in order (after `O06` substitution and deduplication).
    var listed: [String]
    var diagnostics: [Diagnostic]
}

/// Make/Ninja depfiles in the GCC/Clang convention.
enum Depfile {
    /// One rule `target: deps…`, dependencies sorted by byte order of the unescaped path and deduplicated,
    /// two-space indented, ` \` continuations; `phony` appends an empty rule per dependency (GNU Make).
    /// A path with a newline is dropped with `O05`; one with bytes Ninja or Make misread is replaced by its
    /// nearest readable ancestor directory with `O06`.
    static func render(target: String, dependencies: [String], phony: Bool = false) -> DepfileRendering {
        var diagnostics: [Diagnostic] = []
        if target.utf8.contains(UInt8(ascii: "\n")) { diagnostics.append(newlineError(target)) }
        var listed: [String] = []
        listed.reserveCapacity(dependencies.count)
        // Read once: a static's every use goes through its lazy initialiser's check.
        let readable = readableASCII
        for path in dependencies {
            let bytes = Bytes(path, readable: readable)
            if bytes.hasNewline {
                diagnostics.append(newlineError(path))
                continue
            }
            guard !bytes.isReadable else {
                listed.append(path)
                continue
            }
            var directory = DisplayPath.directory(of: path)
            while !isReadable(directory) { directory = DisplayPath.directory(of: directory) }
            diagnostics.append(
                Diagnostic(.unreadableDepfilePath, path, directory))
            listed.append(directory)
        }
        let sorted = sortedUnique(listed)
        return DepfileRendering(
            bytes: bytes(target: target, dependencies: sorted, phony: phony), listed: sorted, diagnostics: diagnostics)
    }

    /// `paths` deduplicated and in byte order. ASCII paths are equal exactly when their bytes are, so equal
    /// ones are neighbours once sorted: no set of ten thousand paths to hash. Other paths go through a set,
    /// which also merges canonically equivalent spellings.
    static func sortedUnique(_ paths: [String]) -> [String] {
        guard paths.allSatisfy(ByteOrder.isASCII) else { return ByteOrder.sorted(Array(Set(paths))) }
        var unique: [String] = []
        unique.reserveCapacity(paths.count)
        for path in paths.sorted() where unique.last != path { unique.append(path) }
        return unique
    }

    /// Written as bytes, each path escaped straight into the buffer: no string per escaped path, and no
    /// copy of the whole text into an array of bytes to write it.
    private static func bytes(target: String, dependencies: [String], phony: Bool) -> [UInt8] {
        let pathBytes = dependencies.reduce(0) { $0 + $1.utf8.count }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            2 * target.utf8.count + 2 + (phony ? 2 : 1) * (pathBytes + 5 * dependencies.count) + 2)
        appendEscaped(target, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        for dependency in dependencies {
            bytes.append(contentsOf: continuation)
            appendEscaped(dependency, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        if phony && !dependencies.isEmpty {
            bytes.append(UInt8(ascii: "\n"))
            for dependency in dependencies {
                appendEscaped(dependency, to: &bytes)
                bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: "\n")])
            }
        }
        return bytes
    }

    private static let continuation: [UInt8] = Array(" \\\n  ".utf8)

    /// `escape(path)`'s bytes appended to `bytes`.
    private static func appendEscaped(_ path: String, to bytes: inout [UInt8]) {
        var path = path
        path.withUTF8 { utf8 in
            guard utf8.contains(where: needsEscape) else { return bytes.append(contentsOf: utf8) }
            var trailingBackslashes = 0
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: " "):
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: "\\"), count: trailingBackslashes + 1))
                    bytes.append(byte)
                case UInt8(ascii: "#"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case UInt8(ascii: "$"): bytes.append(contentsOf: [byte, byte])
                default: bytes.append(byte)
                }
                trailingBackslashes = byte == UInt8(ascii: "\\") ? trailingBackslashes + 1 : 0
            }
        }
    }

    /// Space → `\ ` (doubling the backslashes right before it), `#` → `\#`, `$` → `$$`; other bytes,
    /// including other backslashes, unchanged.
    static func escape(_ path: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(path, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "$")
    }

    /// What one pass over a path's bytes tells: every dependency is scanned once for all of these.
    private struct Bytes {
        var hasNewline = false
        var isReadable = true

        init(_ path: String, readable readableASCII: [Bool]) {
            func scan(_ bytes: some Sequence<UInt8>) -> (hasNewline: Bool, isReadable: Bool) {
                var readable = true
                for byte in bytes where byte < 0x80 && !readableASCII[Int(byte)] {
                    if byte == UInt8(ascii: "\n") { return (true, false) }
                    readable = false
                }
                return (false, readable)
            }
            // In place: `withUTF8` on a copy of the string retained and released it per path.
            (hasNewline, isReadable) = path.utf8.withContiguousStorageIfAvailable(scan) ?? scan(path.utf8)
        }
    }

    /// Only ASCII letters, digits, `+,/_:.~(){}%=@!-`, space, `#`, `$` and non-ASCII bytes survive both
    /// Ninja's and Make's depfile parsers once escaped.
    static func isReadable(_ path: String) -> Bool {
        path.utf8.allSatisfy { byte in
            byte >= 0x80 || readableASCII[Int(byte)]
        }
    }

    private static let readableASCII: [Bool] = (0..<128).map { code in
        let scalar = Unicode.Scalar(UInt8(code))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "+,/_:.~(){}%=@!- #$".unicodeScalars.contains(scalar)
    }

    private static func newlineError(_ path: String) -> Diagnostic {
        Diagnostic(.newlineInDepfilePath, path)
    }
}
