/// Matches glob components against the UTF-8 bytes of an absolute path without splitting it into
/// strings: `exclude` runs this for every file of a walk.
struct PathMatch {
    enum Component: Sendable, Equatable {
        case literal([UInt8])
        case wildcard([UInt8])
        case anyDirectories
    }

    let pattern: [Component]
    let path: UnsafeBufferPointer<UInt8>

    /// Whether `path[..<end]` (a path or one of its ancestors) matches the whole pattern.
    func matches(end: Int) -> Bool {
        match(0, from: 1, end: end)
    }

    /// `offset` is the first byte of a component, or `end` once every component is consumed.
    private func match(_ index: Int, from offset: Int, end: Int) -> Bool {
        guard index < pattern.count else { return offset >= end }
        guard offset < end else {
            return pattern[index...].allSatisfy { if case .anyDirectories = $0 { true } else { false } }
        }
        let componentEnd = (offset..<end).first { path[$0] == UInt8(ascii: "/") } ?? end
        let next = componentEnd == end ? end : componentEnd + 1
        let name = UnsafeBufferPointer(rebasing: path[offset..<componentEnd])
        switch pattern[index] {
        case .literal(let literal):
            return name.elementsEqual(literal) && match(index + 1, from: next, end: end)
        case .wildcard(let wildcard):
            return WildcardMatcher.matches(name: name, wildcard) && match(index + 1, from: next, end: end)
        case .anyDirectories:
            if match(index + 1, from: offset, end: end) { return true }
            guard name.first != UInt8(ascii: ".") else { return false }
            return match(index, from: next, end: end)
        }
    }
}

/// `*` / `?` matching of one file name over UTF-8 bytes; `?` consumes one whole scalar, and names
/// starting with `.` match only patterns starting with `.`.
enum WildcardMatcher {
    static func matches(name: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8]) -> Bool {
        if name.first == UInt8(ascii: "."), pattern.first != UInt8(ascii: ".") { return false }
        var nameIndex = 0
        var patternIndex = 0
        var starPattern = -1
        var starName = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count {
                let byte = pattern[patternIndex]
                if byte == UInt8(ascii: "*") {
                    starPattern = patternIndex
                    starName = nameIndex
                    patternIndex += 1
                    continue
                }
                if byte == UInt8(ascii: "?") {
                    nameIndex = endOfScalar(in: name, at: nameIndex)
                    patternIndex += 1
                    continue
                }
                if byte == name[nameIndex] {
                    nameIndex += 1
                    patternIndex += 1
                    continue
                }
            }
            guard starPattern >= 0 else { return false }
            starName = endOfScalar(in: name, at: starName)
            nameIndex = starName
            patternIndex = starPattern + 1
        }
        while patternIndex < pattern.count, pattern[patternIndex] == UInt8(ascii: "*") { patternIndex += 1 }
        return patternIndex == pattern.count
    }

    private static func endOfScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
