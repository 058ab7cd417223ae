/// Strings whose bytes live in memory that is never freed, made the way the compiler makes a string
/// literal: an immortal `String` pointing at its UTF-8 bytes. Copying, retaining or releasing one touches
/// no memory (the Swift runtime skips an object pointer with its top bit set), where a heap string is an
/// atomic increment of its header, a cache miss when it is cold. A link state record's ~10,000 distinct
/// strings are retained some 130,000 times by its entries as it is read, a third of the read's CPU, and
/// again each time the link, checks and renderers copy a registration.
///
/// The layout is the standard library's (ABI-stable) one for immortal literals; `isAvailable` checks it once
/// on a string it makes, and without it every string is an ordinary heap string. Only ASCII strings longer
/// than 15 bytes are made so: shorter ones are stored inline anyway, and the flags claimed (ASCII, NFC) then
/// hold by construction. The arena is leaked on purpose: any string may outlive the value that read it,
/// so nothing could tell when it is safe to free (a process keeps the link state it read until it exits
/// anyway: `RunResult.retainedState`).
enum PermanentStrings {
    /// Strings of at most this many bytes are stored inline in the `String` itself.
    static let inlineCapacity = 15

    /// Whether this runtime lays out an immortal string as expected (checked once).
    static let isAvailable: Bool = {
        let text = Array("permanent strings: layout check".utf8)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count + 1)
        defer { storage.deallocate() }
        storage.initialize(from: text, count: text.count)
        storage[text.count] = 0
        var string = immortal(UnsafeBufferPointer(start: storage, count: text.count))
        let samePointer = string.utf8.withContiguousStorageIfAvailable { $0.baseAddress == UnsafePointer(storage) }
        let copy = String(decoding: text, as: UTF8.self)
        let cString = string.withCString { String(cString: $0) }
        var hasher = Hasher()
        hasher.combine(copy)
        var ownHasher = Hasher()
        ownHasher.combine(string)
        string.append("!")  // copy-on-write must make a native string, leaving the bytes alone
        return samePointer == true && cString == copy && string == copy + "!"
            && hasher.finalize() == ownHasher.finalize()
            && storage[0] == text[0]
    }()

    /// An immortal string over `bytes`, which must be ASCII, longer than `inlineCapacity`, followed by a
    /// NUL, and never freed or changed while any copy of the string may be alive.
    @inline(__always)
    static func immortal(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // `_StringObject` on 64-bit platforms: count and flags (ASCII, NFC, tail-allocated), then the
        // address of the bytes less the native bias (32), discriminator "large, immortal" in the top nibble.
        let countAndFlags = 0xD000_0000_0000_0000 | UInt64(bytes.count)
        let object = 0x8000_0000_0000_0000 | (UInt64(UInt(bitPattern: bytes.baseAddress)) &- 32)
        return unsafeBitCast((countAndFlags, object), to: String.self)
    }

    /// Whether `string` is immortal (large, its discriminator nibble 0x8): a literal or one of these.
    static func isImmortal(_ string: String) -> Bool {
        unsafeBitCast(string, to: (UInt64, UInt64).self).1 >> 60 == 0x8
    }
}

/// Memory for permanent strings, copied in once and never freed (`PermanentStrings`).
enum PermanentArena {
    /// The strings of `buffer`'s `ranges`, as those bytes hold them: permanent (copied into one block never
    /// freed, each followed by a NUL as a literal is, which `withCString` relies on for a tail-allocated
    /// string) when they are long ASCII and the runtime allows it, else ordinary strings (ill-formed UTF-8
    /// repaired, as `String(decoding:)` does).
    /// `ranges` is read twice; `count` is its count, when counting it would cost a pass. `inPlace`: `buffer`
    /// is never freed or changed and holds a NUL after each long string, which is then made over its bytes
    /// there instead of a copy.
    static func strings(
        of buffer: UnsafeRawBufferPointer, ranges: some Collection<Range<Int>>, count: Int? = nil,
        inPlace: Bool = false
    ) -> [String] {
        let count = count ?? ranges.count
        let makesImmortal = PermanentStrings.isAvailable
        var isPermanent: [Bool] = []
        isPermanent.reserveCapacity(count)
        var size = 0
        for range in ranges {
            precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count)
            let permanent =
                makesImmortal && range.count > PermanentStrings.inlineCapacity
                && ByteOrder.isASCII(UnsafeRawBufferPointer(rebasing: buffer[range]))
            isPermanent.append(permanent)
            if permanent && !inPlace { size += range.count + 1 }
        }
        let block = size > 0 ? UnsafeMutablePointer<UInt8>.allocate(capacity: size) : nil
        var next = 0
        var strings: [String] = []
        strings.reserveCapacity(count)
        for (range, permanent) in zip(ranges, isPermanent) {
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[range]).assumingMemoryBound(to: UInt8.self)
            if permanent && inPlace {
                precondition(range.upperBound < buffer.count && buffer[range.upperBound] == 0)
                strings.append(PermanentStrings.immortal(bytes))
                continue
            }
            guard permanent, let block else {
                strings.append(String(decoding: bytes, as: UTF8.self))
                continue
            }
            let start = block + next
            start.initialize(from: bytes.baseAddress!, count: bytes.count)
            (start + bytes.count).initialize(to: 0)
            next += bytes.count + 1
            strings.append(PermanentStrings.immortal(UnsafeBufferPointer(start: start, count: bytes.count)))
        }
        return strings
    }
}
