import Foundation

/// Two identical copies of one project: `cached` is built with the cache, `uncached` with `--no-cache`.
/// Every edit is applied to both, so that paths are spelled the same and outputs can be compared byte
/// for byte.
final class DifferentialRun {
    let cached: ProjectDirectory
    let uncached: ProjectDirectory
    /// What is on disk in both copies: path → contents.
    private var written: [String: String] = [:]
    private var random: SeededGenerator
    /// Source of unique old mtimes, so that a backdated file never gets a stamp it had before.
    private var backdateCounter = 0
    /// The link state taken away by the last `.swapLinkState`.
    private var earlierLinkState: Data?
    /// The table image taken away by the last `.swapTableImage`.
    private var earlierTableImage: Data?

    init(seed: UInt64, model: DifferentialModel) throws {
        cached = try ProjectDirectory(files: [:])
        uncached = try ProjectDirectory(files: [:])
        random = SeededGenerator(seed: seed ^ 0x5EED)
        try synchronise(with: model)
    }

    private var roots: [String] { [cached.path, uncached.path] }

    /// Files the last edit wrote with the current time as mtime. The cached build that followed saw that
    /// mtime as racy, so a same-size rewrite that restores it must still be noticed. (Chosen from what was
    /// written rather than from the clock, so that a seed replays the same sequence.)
    private(set) var recentlyWritten: [String] = []

    func apply(_ edit: DifferentialEdit) throws {
        recentlyWritten = []
        switch edit.action {
        case .rewrite:
            try synchronise(with: edit.model)
        case .rename(let from, let to):
            for root in roots {
                try FileManager.default.createDirectory(
                    atPath: Self.directory(of: root + "/" + to), withIntermediateDirectories: true)
                guard rename(root + "/" + from, root + "/" + to) == 0 else { throw ProjectError("rename \(from)") }
            }
            written[to] = written.removeValue(forKey: from)
            try synchronise(with: edit.model)
        case .touch(let path):
            let old = chance(50)
            let time = old ? nextOldTime() : nil
            for root in roots { try Self.setModificationTime(root + "/" + path, to: time) }
            if time == nil { recentlyWritten.append(path) }
        case .sneakyRewrite(let path):
            let contents = edit.model.rendered()[path]!
            for root in roots {
                let before = try Self.stamp(root + "/" + path)
                try Self.overwriteInPlace(root + "/" + path, contents)
                try Self.setModificationTime(root + "/" + path, to: before.modificationTime)
                guard try Self.stamp(root + "/" + path) == before else { throw ProjectError("stamp of \(path) moved") }
            }
            written[path] = contents
        case .deleteOutputs:
            for root in roots { try? FileManager.default.removeItem(atPath: root + "/build") }
        case .scribbleOnFactory:
            for root in roots { try Self.write(root + "/" + DifferentialModel.outputs[0], "// scribbled\n") }
        case .damageCache:
            let cache = cached.path + "/.dibuild/App.dicache"
            if let bytes = FileManager.default.contents(atPath: cache) {
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cache))
            }
        case .tearCacheTail(let count):
            let cache = cached.path + "/.dibuild/App.dicache"
            if let bytes = FileManager.default.contents(atPath: cache) {
                try bytes.prefix(max(0, bytes.count - count)).write(to: URL(fileURLWithPath: cache))
            }
        case .flipCacheByte(let fromEnd):
            let cache = cached.path + "/.dibuild/App.dicache"
            if var bytes = FileManager.default.contents(atPath: cache), bytes.count >= fromEnd {
                bytes[bytes.count - fromEnd] ^= 0x5A
                try bytes.write(to: URL(fileURLWithPath: cache))
            }
        case .swapLinkState:
            try Self.swap(cached.path + "/.dibuild/App.dilink", with: &earlierLinkState)
        case .swapTableImage:
            try Self.swap(cached.path + "/.dibuild/App.ditable", with: &earlierTableImage)
        }
    }

    /// Puts `earlier` back in place of the file at `path` (or, the first time, cuts that file in half), and
    /// keeps what was there for the next swap.
    private static func swap(_ path: String, with earlier: inout Data?) throws {
        let current = FileManager.default.contents(atPath: path)
        if let earlier {
            try earlier.write(to: URL(fileURLWithPath: path))
        } else if let current {
            try current.prefix(current.count / 2).write(to: URL(fileURLWithPath: path))
        }
        earlier = current
    }

    /// Writes the files whose rendering changed (in place, by atomic replacement, or as new files) and
    /// deletes those that are gone; half of the written files get a unique mtime far in the past, so that
    /// later runs take the cache's stat fast path for them, the others keep a racy current mtime.
    private func synchronise(with model: DifferentialModel) throws {
        let rendered = model.rendered()
        for path in written.keys.sorted() where rendered[path] == nil {
            for root in roots { try FileManager.default.removeItem(atPath: root + "/" + path) }
            written[path] = nil
        }
        for path in rendered.keys.sorted() where written[path] != rendered[path] {
            let inPlace = written[path] != nil && chance(50)
            let time = chance(50) ? nextOldTime() : nil
            for root in roots {
                let full = root + "/" + path
                if inPlace {
                    try Self.overwriteInPlace(full, rendered[path]!)
                } else {
                    try Self.write(full, rendered[path]!)
                }
                if let time { try Self.setModificationTime(full, to: time) }
            }
            written[path] = rendered[path]
            if time == nil { recentlyWritten.append(path) }
        }
    }

    private func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    private func nextOldTime() -> Int {
        backdateCounter += 1
        return (1_500_000_000 + backdateCounter * 7) * 1_000_000_000 + Int.random(in: 0..<1_000_000_000, using: &random)
    }

    // MARK: Building and comparing

    /// The observable result of one build: exit code, stdout, stderr and the output files (nil if absent).
    struct Observation: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
        var outputs: [String: String?]
    }

    func buildBoth() throws -> (cached: Observation, uncached: Observation) {
        (try observe(cached.path, ["build"]), try observe(uncached.path, ["build", "--no-cache"]))
    }

    private func observe(_ root: String, _ arguments: [String]) throws -> Observation {
        let outcome = try DibuildProcess.run(arguments, in: root)
        var outputs: [String: String?] = [:]
        for output in DifferentialModel.outputs {
            outputs[output] = FileManager.default.contents(atPath: root + "/" + output).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        return Observation(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr, outputs: outputs)
    }

    /// Where two observations differ, for the failure message.
    static func difference(_ cached: Observation, _ uncached: Observation) -> String {
        var lines: [String] = []
        if cached.status != uncached.status {
            lines.append("exit code: cached \(cached.status), --no-cache \(uncached.status)")
        }
        if cached.stdout != uncached.stdout {
            lines.append("stdout:\n--- cached\n\(cached.stdout)--- --no-cache\n\(uncached.stdout)")
        }
        if cached.stderr != uncached.stderr {
            lines.append("stderr:\n--- cached\n\(cached.stderr)--- --no-cache\n\(uncached.stderr)")
        }
        for output in DifferentialModel.outputs where cached.outputs[output] != uncached.outputs[output] {
            lines.append(
                "\(output):\n--- cached\n\(cached.outputs[output]! ?? "(absent)")\n--- --no-cache\n"
                    + "\(uncached.outputs[output]! ?? "(absent)")")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Files

    private static func directory(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    private static func write(_ path: String, _ contents: String) throws {
        try FileManager.default.createDirectory(atPath: directory(of: path), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Truncate and write through the same inode, as an editor saving in place does.
    private static func overwriteInPlace(_ path: String, _ contents: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contents.utf8))
        try handle.close()
    }

    /// Nil: now.
    private static func setModificationTime(_ path: String, to nanoseconds: Int?) throws {
        let result: Int32
        if let nanoseconds {
            let time = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
            var times = [time, time]
            result = utimensat(AT_FDCWD, path, &times, 0)
        } else {
            result = utimensat(AT_FDCWD, path, nil, 0)
        }
        guard result == 0 else { throw ProjectError("cannot set the mtime of \(path)") }
    }

    private static func stamp(_ path: String) throws -> IncrementalProject.Stamp {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ProjectError("cannot stat \(path)") }
        return IncrementalProject.Stamp(
            size: Int(info.st_size), modificationTime: Int(info.st_mtim.tv_sec) * 1_000_000_000 + info.st_mtim.tv_nsec,
            inode: UInt64(info.st_ino))
    }
}
