/// The changed bytes of a run record's payload against the previous payload of the same length: what a
/// journal run-patch record (kind 5) carries instead of the whole payload. The payload of a DI edit's run
/// differs from the previous one in a few digests, sizes and times, while its depfile text (every source
/// path, hundreds of kilobytes on a large target) stays the same; appending it whole made the journal reach
/// its compaction threshold every few builds, and the rewrite of the whole cache then sat on the build's
/// critical path.
struct RunPayloadPatch: Equatable {
    /// Runs of new bytes, in payload order, each at `gap` bytes after the end of the previous run (or the
    /// start of the payload); every other byte is the previous payload's.
    var runs: [(gap: Int, bytes: ArraySlice<UInt8>)]

    /// Changed bytes fewer than this many bytes apart go in one run: a run's framing costs about as much.
    private static let mergeDistance = 8

    /// The patch from `old` to `new`, or nil when they differ in length or in more than `limit` bytes
    /// (the whole payload is then the cheaper record).
    init?(from old: [UInt8], to new: [UInt8], limit: Int) {
        guard old.count == new.count else { return nil }
        var runs: [(gap: Int, bytes: ArraySlice<UInt8>)] = []
        var changed = 0
        let found = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                var index = 0
                var end = 0
                while index < new.count {
                    guard old[index] != new[index] else {
                        index += 1
                        continue
                    }
                    var runEnd = index + 1
                    var equal = 0
                    while runEnd + equal < new.count && equal < Self.mergeDistance {
                        if old[runEnd + equal] == new[runEnd + equal] {
                            equal += 1
                        } else {
                            runEnd += equal + 1
                            equal = 0
                        }
                    }
                    changed += runEnd - index
                    guard changed <= limit else { return false }
                    runs.append((gap: index - end, bytes: ArraySlice(new[index..<runEnd])))
                    end = runEnd
                    index = runEnd
                }
                return true
            }
        }
        guard found else { return nil }
        self.runs = runs
    }

    init(runs: [(gap: Int, bytes: ArraySlice<UInt8>)]) {
        self.runs = runs
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.runs.elementsEqual(rhs.runs) { $0.gap == $1.gap && $0.bytes == $1.bytes }
    }

    func write(to writer: inout ByteWriter) {
        writer.writeVarint(runs.count)
        for run in runs {
            writer.writeVarint(run.gap)
            writer.writeBytes(run.bytes)
        }
    }

    /// Reads the runs of a patch of a payload of `count` bytes, as ranges of the payload and their new bytes.
    /// Throws when a run does not fit.
    static func readRuns(_ reader: inout ByteReader, payloadCount count: Int) throws(BinaryCodingError)
        -> [(start: Int, bytes: UnsafeRawBufferPointer)]
    {
        let runCount = try reader.readCount(minimumElementSize: 2)
        var runs: [(start: Int, bytes: UnsafeRawBufferPointer)] = []
        runs.reserveCapacity(runCount)
        var end = 0
        for _ in 0..<runCount {
            let gap = try reader.readVarint()
            let bytes = try reader.readRawBytes(count: reader.readCount())
            guard gap <= UInt64(count - end), bytes.count <= count - end - Int(gap) else {
                throw .invalid("run patch past the payload")
            }
            runs.append((end + Int(gap), bytes))
            end += Int(gap) + bytes.count
        }
        return runs
    }

    /// Writes `runs` over `payload` in place: the journal's replay patches the one payload it holds, so a long
    /// journal of patches costs their bytes, not a copy of the payload each.
    static func apply(_ runs: [(start: Int, bytes: UnsafeRawBufferPointer)], to payload: inout [UInt8]) {
        payload.withUnsafeMutableBytes { payload in
            for run in runs {
                UnsafeMutableRawBufferPointer(rebasing: payload[run.start..<(run.start + run.bytes.count)])
                    .copyMemory(from: run.bytes)
            }
        }
    }
}
