/// The previous link state's read and decode on a thread of its own, started as soon as a relink is
/// decided: the link asks for the state once its type table is built, and the decode (~13 ms of CPU on a
/// 10,000-file project) is what it waits for then. Started before the changed files' facts are resolved,
/// which take one core, the decode has those milliseconds of the other core too.
final class LinkStateLoad: @unchecked Sendable {
    struct Loaded {
        var state: LinkState?
        /// The read and decode's own time, for `-v`.
        var time: Duration
    }

    /// Nil once waited for; only the starting thread waits.
    private var work: BackgroundWork<Loaded>?

    /// Starts loading the state kept beside `cacheFile` (`LinkStateFile.path(cacheFile:)`).
    init(cacheFile: String, identity: String) {
        let path = LinkStateFile.path(cacheFile: cacheFile)
        work = BackgroundWork {
            var state: LinkState?
            let time = ContinuousClock().measure { state = LinkStateFile.load(from: path, identity: identity) }
            return Loaded(state: state, time: time)
        }
    }

    /// The state loaded; the first call waits for it, a later one returns nothing.
    func wait() -> Loaded? {
        defer { work = nil }
        return work?.wait()
    }

    /// A load nobody waited for (the link did not read the state) still ends before its thread is let go,
    /// so that no read of the file outlives the build that started it.
    deinit { _ = work?.wait() }
}
