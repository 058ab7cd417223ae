/// What a `build` of one target does with its previous run, and why; printed by `-v` as
/// `target 'App': plan: relink (3 files changed facts)`.
///
/// Every plan writes the same outputs and diagnostics as a build without the cache (README rule 2): a
/// replay repeats a record made from equal inputs; a relink and a rebuild scan the changed files and link
/// every file's facts, the cached ones decoded.
enum BuildPlan: Equatable, CustomStringConvertible {
    /// The previous run's record is printed and its depfile written again; nothing is decoded or linked.
    case replay(ReplayReason)
    /// The previous outputs are intact but some facts changed: scan the changed files, link, generate.
    case relink(changedFiles: Int)
    /// No usable previous run.
    case rebuild(RebuildReason)

    enum ReplayReason: Equatable {
        /// Same sources (by content hash), configuration and options.
        case inputsUnchanged
        /// Some sources changed, but not their facts.
        case factsUnchanged
    }

    enum RebuildReason: Equatable {
        case cacheDisabled
        /// A source, config, property or resolved file cannot be read (the run reports it).
        case unreadableInput
        case noPreviousBuild
        case recordUnreadable
        /// An output of the previous run was changed or removed since.
        case outputChanged(path: String)
    }

    var description: String {
        switch self {
        case .replay(.inputsUnchanged): "replay (inputs unchanged since the last build; outputs unchanged)"
        case .replay(.factsUnchanged): "replay (sources changed, but none of their facts; outputs unchanged)"
        case .relink(let count): "relink (\(count) \(count == 1 ? "file" : "files") changed facts)"
        case .rebuild(.cacheDisabled): "rebuild (cache not used)"
        case .rebuild(.unreadableInput): "rebuild (an input cannot be read)"
        case .rebuild(.noPreviousBuild): "rebuild (no previous build recorded)"
        case .rebuild(.recordUnreadable): "rebuild (the last build's record does not decode)"
        case .rebuild(.outputChanged(let path)): "rebuild ('\(path)' was changed or removed since the last build)"
        }
    }

    var isReplay: Bool {
        if case .replay = self { return true }
        return false
    }
}

/// The previous successful run as this run finds it: its digests, and whether its outputs are still the
/// ones it wrote.
struct PreviousBuild: Equatable {
    enum State: Equatable {
        case intact(BuildRecord)
        case unreadable
        case outputChanged(path: String)
    }

    /// `BuildInputs.contentDigest` of the run that made the record.
    var inputsDigest: UInt64
    var state: State

    /// Decodes the record and checks its outputs on disk (stats, and hashes an output whose mtime moved).
    init(_ run: RunRecord) {
        inputsDigest = run.inputsDigest
        guard let record = BuildRecord.decode(run.payload) else {
            state = .unreadable
            return
        }
        if let changed = record.outputs.first(where: { !$0.isIntact }) {
            state = .outputChanged(path: changed.path)
        } else {
            state = .intact(record)
        }
    }

    init(inputsDigest: UInt64, state: State) {
        self.inputsDigest = inputsDigest
        self.state = state
    }
}

/// How the sources' facts compare with the previous run's, known once the changed files are scanned.
struct FactsChange: Equatable {
    /// `BuildInputs.factsDigest` of this run.
    var digest: UInt64
    /// Files added, removed, unreadable, or whose facts differ from the stored ones.
    var changedFiles: Int
}

/// The replay decision, as a pure function of what the previous run recorded and what this run's lookup
/// found.
enum IncrementalPolicy {
    /// The plan, or nil when it depends on the facts (`facts` nil and the sources' content changed): scan
    /// the changed files, then ask again with `facts`.
    static func plan(
        cacheEnabled: Bool, previous: PreviousBuild?, contentDigest: UInt64?, facts: FactsChange? = nil
    ) -> BuildPlan? {
        guard cacheEnabled else { return .rebuild(.cacheDisabled) }
        guard let contentDigest else { return .rebuild(.unreadableInput) }
        guard let previous else { return .rebuild(.noPreviousBuild) }
        let record: BuildRecord
        switch previous.state {
        case .unreadable: return .rebuild(.recordUnreadable)
        case .outputChanged(let path): return .rebuild(.outputChanged(path: path))
        case .intact(let intact): record = intact
        }
        if previous.inputsDigest == contentDigest { return .replay(.inputsUnchanged) }
        guard let facts else { return nil }
        return facts.digest == record.factsDigest ? .replay(.factsUnchanged) : .relink(changedFiles: facts.changedFiles)
    }
}

extension SourceCache {
    /// Files added, removed, unreadable, or whose stored facts were replaced by different ones since the
    /// lookup (call after the changed files are scanned and stored).
    var filesWithChangedFacts: Int {
        let replaced = displacedFactsHashes.filter { entries[$0.key]?.factsHash != $0.value }.count
        return replaced + newFiles + droppedEntries
    }
}
