/// Absolute lexically normalised paths, the keys of cache entries and the form in which the emit stage
/// compares locations. Lexical only: `..` is kept, symbolic links are not resolved.
enum AbsolutePath {
    /// `path` made absolute against `directory` (itself absolute) and normalised like a display path.
    static func of(_ path: String, relativeTo directory: String) -> String {
        Base(directory).absolute(path)
    }

    /// A directory that many paths are made absolute against: whether it is normalised is checked once.
    struct Base {
        let directory: String
        private let isNormalizedDirectory: Bool

        init(_ directory: String) {
            self.directory = directory
            isNormalizedDirectory = directory != "/" && AbsolutePath.isNormalized(directory)
        }

        /// `AbsolutePath.of(path, relativeTo: directory)`.
        func absolute(_ path: String) -> String {
            // The common case, two normalised parts, needs only the concatenation.
            guard isNormalizedDirectory, !path.hasPrefix("/"), path != ".", AbsolutePath.isNormalized(path) else {
                return DisplayPath.join(directory, path)
            }
            return LexicalPath.joined(directory, path)
        }
    }

    /// Whether `of(path, relativeTo: directory) == absolute`, answered without building the path when it would
    /// be the plain concatenation and all three are ASCII (where string equality is byte equality); nil when
    /// that shortcut does not apply.
    static func cheaplyCompares(_ path: String, relativeTo directory: String, with absolute: String) -> Bool? {
        guard
            ByteOrder.isASCII(path) && ByteOrder.isASCII(directory) && ByteOrder.isASCII(absolute)
                && path.utf8.first != UInt8(ascii: "/") && directory != "/" && path != "." && isNormalized(directory)
                && isNormalized(path)
        else { return nil }
        let (whole, head, tail) = (absolute.utf8, directory.utf8, path.utf8)
        return whole.count == head.count + 1 + tail.count && whole.starts(with: head)
            && whole.dropFirst(head.count).first == UInt8(ascii: "/") && whole.suffix(tail.count).elementsEqual(tail)
    }

    /// Whether `DisplayPath.normalize` would return `path` unchanged: no empty or `.` component, no
    /// trailing `/`.
    static func isNormalized(_ path: String) -> Bool {
        if path == "/" || path == "." { return true }
        var path = path
        return path.withUTF8 { isNormalized($0) }
    }

    /// One pass keeping the two previous bytes (a separator is assumed before the start): every lookup
    /// checks its path, so this runs ten thousand times in a no-op build of a large project.
    private static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var previous = slash
        var beforePrevious = slash
        // The leading slash of an absolute path is the one empty component allowed.
        for byte in bytes.dropFirst(bytes.first == slash ? 1 : 0) {
            if byte == slash && (previous == slash || (previous == dot && beforePrevious == slash)) { return false }
            beforePrevious = previous
            previous = byte
        }
        return previous != slash && !(previous == dot && beforePrevious == slash)
    }
}

extension SourceCache {
    /// `<Target>.dicache`, the target name sanitised like a class name.
    static func fileName(forTarget target: String) -> String {
        let name = ClassName.sanitize(target)
        return (name.isEmpty ? ClassName.fallback : name) + ".dicache"
    }

    /// `<cache dir>/<Target>.dicache`, as a display path.
    static func filePath(cacheDirectory: String, target: String) -> String {
        DisplayPath.join(cacheDirectory, fileName(forTarget: target))
    }
}
