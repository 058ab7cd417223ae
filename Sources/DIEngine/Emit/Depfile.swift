/// A rendered depfile and the diagnostics its paths caused (`O05` errors, `O06` warnings).
struct DepfileRendering: Sendable, Equatable {
    var text: String
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
        var listed = Set<String>()
        for path in dependencies {
            if path.utf8.contains(UInt8(ascii: "\n")) {
                diagnostics.append(newlineError(path))
                continue
            }
            guard !isReadable(path) else {
                listed.insert(path)
                continue
            }
            var directory = DisplayPath.directory(of: path)
            while !isReadable(directory) { directory = DisplayPath.directory(of: directory) }
            diagnostics.append(
                Diagnostic(.unreadableDepfilePath, path, directory))
            listed.insert(directory)
        }
        let sorted = ByteOrder.sorted(Array(listed))
        return DepfileRendering(
            text: text(target: target, dependencies: sorted, phony: phony), listed: sorted, diagnostics: diagnostics)
    }

    private static func text(target: String, dependencies: [String], phony: Bool) -> String {
        var text = escape(target) + ":"
        let pathBytes = dependencies.reduce(0) { $0 + $1.utf8.count }
        text.reserveCapacity(text.utf8.count + (phony ? 2 : 1) * (pathBytes + 4 * dependencies.count) + 2)
        for dependency in dependencies {
            text += " \\\n  "
            text += escape(dependency)
        }
        text += "\n"
        if phony && !dependencies.isEmpty {
            text += "\n"
            for dependency in dependencies {
                text += escape(dependency)
                text += ":\n"
            }
        }
        return text
    }

    /// Space → `\ ` (doubling the backslashes right before it), `#` → `\#`, `$` → `$$`; other bytes,
    /// including other backslashes, unchanged.
    static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: needsEscape) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 8)
        var trailingBackslashes = 0
        for byte in path.utf8 {
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
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "$")
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
