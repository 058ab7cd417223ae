/// Accumulates lines of generated text with an indentation level. Empty lines never carry indentation,
/// so the output has no trailing and no whitespace-only lines.
struct CodeWriter {
    /// The UTF-8 of the lines written so far, each ending in LF (empty when there are no lines). One
    /// growing byte buffer, written to disk as it is: a `String` had to be copied into an array of bytes
    /// to be hashed and written (a megabyte of fresh memory per copy for a large factory).
    private(set) var bytes: [UInt8] = []
    private let unit: String
    /// `unit` once per enclosing `indented`, kept so that a line does not build its indentation again.
    private var indentation = ""
    /// The indentation of each level entered so far, made once: one of more than 15 bytes is a heap string,
    /// and making it again for each nested block of a large factory was an allocation per block.
    private var indentations = [""]
    private var level = 0

    /// `capacity`: the bytes the text is expected to reach, reserved up front so that a megabyte of
    /// generated code is not copied each time the buffer doubles.
    init(indentUnit: String = "    ", reservingCapacity capacity: Int = 0) {
        unit = indentUnit
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    /// The lines written, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func line(_ line: String = "") {
        if !line.isEmpty {
            append(indentation)
            append(line)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The line `first + second + …`, appended piece by piece: an interpolated line of more than 15
    /// bytes was a string allocated, filled and freed per line.
    mutating func line(
        _ first: String, _ second: String, _ third: String = "", _ fourth: String = "", _ fifth: String = ""
    ) {
        if !(first.isEmpty && second.isEmpty && third.isEmpty && fourth.isEmpty && fifth.isEmpty) {
            append(indentation)
            append(first)
            append(second)
            append(third)
            append(fourth)
            append(fifth)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// A non-empty line written in pieces, without building it as a string first: `body` appends the
    /// pieces with `append(_:)` after the indentation, and the LF follows.
    mutating func line(_ body: (inout CodeWriter) -> Void) {
        append(indentation)
        body(&self)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// A piece of the line being written by `line(_:)`.
    mutating func append(_ piece: String) {
        // A native string's UTF-8 is contiguous: one copy of its bytes, not a loop over them.
        if piece.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: piece.utf8)
        }
    }

    /// Bytes written before (lines of another writer at the same indentation), appended as they are.
    mutating func append(lines: ArraySlice<UInt8>) {
        bytes.append(contentsOf: lines)
    }

    /// A decimal number as a piece of the line being written, without making its string first.
    mutating func append(_ number: Int) {
        guard number >= 10 else {
            guard number >= 0 else { return append(String(number)) }
            return bytes.append(UInt8(ascii: "0") + UInt8(number))
        }
        append(number / 10)
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        let outer = indentation
        level += 1
        if level == indentations.count { indentations.append(outer + unit) }
        indentation = indentations[level]
        body(&self)
        level -= 1
        indentation = outer
    }

    /// The lines written, without their LFs.
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
